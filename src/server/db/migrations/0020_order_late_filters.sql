-- The order list filtered by carrier or by checked orders, newest first: both are set late (at
-- receipt, at weighing), so the newest orders rarely have them and the creation index alone made a
-- page walk past every order not yet received (orders.ts).
CREATE INDEX "orders_carrier_created_idx" ON "orders" USING btree ("carrier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_check_created_idx" ON "orders" USING btree ("check_status","created_at","id");