-- Orders signed or returned through a carrier's confirmation file before it stamped finished_at
-- (their statement date) take the time of the event that moved them to their final status, as
-- migration 0012 did for the orders of its day.
UPDATE "orders" o SET "finished_at" = coalesce(
  (SELECT max(e."occurred_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" = o."status"),
  o."updated_at")
WHERE o."status" IN (9, 10, 11) AND o."finished_at" IS NULL;
