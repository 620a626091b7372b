ALTER TABLE "export_tasks" ADD COLUMN "call" text;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "export_tasks" SET "seen_at" = now() WHERE "status" >= 2;
