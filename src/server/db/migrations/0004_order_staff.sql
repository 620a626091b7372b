ALTER TABLE "order_abnormals" ADD COLUMN "handle_remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "clearance_no" text DEFAULT '' NOT NULL;