DROP INDEX "fee_details_order_idx";--> statement-breakpoint
CREATE INDEX "fee_details_order_amount_idx" ON "fee_details" USING btree ("order_id","fee_type","currency","amount");