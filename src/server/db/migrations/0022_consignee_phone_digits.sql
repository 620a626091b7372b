-- The order list's phone filter compares digits only, in the phone and the alternate phone
-- (schema/orders.ts consigneePhoneDigits): "+966 50-123 4567" is found by "966501234567". Its
-- trigram index is rebuilt on that expression under the same name and with the same short
-- pending list (migration 0021); the index of the phone as typed served nothing else.
DROP INDEX "orders_consignee_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_consignee_phone_trgm_idx" ON "orders" USING gin ((regexp_replace("consignee_phone", '[^0-9]+', '', 'g') || ' ' || regexp_replace("consignee_phone2", '[^0-9]+', '', 'g')) gin_trgm_ops) WITH (gin_pending_list_limit=512);
