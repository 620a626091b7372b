-- When an order's delivery ended (signed, returned or lost): its statement date for the logistics
-- bills and the COD collected (src/server/modules/statement). Orders that ended before this
-- migration take the time of the event that moved them to their final status. Indexes for the
-- reports of one customer by arrival and by statement date, each with the columns the reports sum
-- in its key, so the reports read them from the index alone.
ALTER TABLE "orders" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" o SET "finished_at" = coalesce(
  (SELECT max(e."occurred_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" = o."status"),
  o."updated_at")
WHERE o."status" IN (9, 10, 11);--> statement-breakpoint
CREATE INDEX "orders_customer_arrived_idx" ON "orders" USING btree ("customer_id","arrived_at","status","is_cod","cod_currency","cod_amount","package_count","declared_weight","chargeable_weight","id");--> statement-breakpoint
CREATE INDEX "orders_customer_finished_idx" ON "orders" USING btree ("customer_id","finished_at","status","is_cod","cod_currency","cod_amount","package_count","declared_weight","chargeable_weight","id") WHERE "orders"."finished_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_finished_idx" ON "orders" USING btree ("finished_at") WHERE "orders"."finished_at" IS NOT NULL;