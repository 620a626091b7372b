CREATE INDEX "lading_items_released_idx" ON "lading_items" USING btree ("released_at","order_id") WHERE "lading_items"."released_at" IS NOT NULL AND "lading_items"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "package_items_released_idx" ON "package_items" USING btree ("released_at","order_id") WHERE "package_items"."released_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "packages_updated_idx" ON "packages" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");