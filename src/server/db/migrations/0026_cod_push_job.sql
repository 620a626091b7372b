ALTER TABLE "cod_pushes" DROP COLUMN "claimed_by";--> statement-breakpoint
ALTER TABLE "cod_pushes" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "cod_pushes" DROP COLUMN "next_attempt_at";