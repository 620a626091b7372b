ALTER TABLE "login_attempts" ALTER COLUMN "success" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "spent_refresh_hashes" text[] DEFAULT '{}'::text[] NOT NULL;