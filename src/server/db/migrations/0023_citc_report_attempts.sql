ALTER TABLE "citc_records" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "citc_records" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "citc_records" ADD COLUMN "sending" boolean DEFAULT false NOT NULL;