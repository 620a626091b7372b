ALTER TABLE "fee_exceptions" ADD COLUMN "retried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fee_exceptions" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "fee_exceptions" ADD CONSTRAINT "fee_exceptions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_details_computed_idx" ON "fee_details" USING btree ("computed_at","id");