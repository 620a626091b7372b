-- The order list (order-list.service.ts): an index for a status and a channel together; trigram
-- indexes for its consignee name and phone searches (ILIKE '%…%'); dependency statistics on its
-- correlated filter columns (a channel mostly decides the destination, a customer its channels,
-- COD goes with payment), so the planner's estimate, which decides whether a total is counted,
-- is close.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_status_channel_created_idx" ON "orders" USING btree ("status","channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_consignee_name_trgm_idx" ON "orders" USING gin ("consignee_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_consignee_phone_trgm_idx" ON "orders" USING gin ("consignee_phone" gin_trgm_ops);--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "orders_filter_stats" (dependencies) ON "customer_id", "channel_id", "consignee_country_id", "payment", "is_cod" FROM "orders";
