-- The statistics rollup's open days: 10 (was 35; ROLLUP_OPEN_DAYS in analysis-rollup.ts). The
-- requests of a whole year read 10 days live instead of 35, and the triggers mark changes of orders
-- older than 9 days. The refresher rolls up the days between the old edge and the new one.
DROP TRIGGER "orders_analysis_rollup_insert" ON "orders";
--> statement-breakpoint
DROP TRIGGER "orders_analysis_rollup_update" ON "orders";
--> statement-breakpoint
DROP TRIGGER "orders_analysis_rollup_delete" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_analysis_rollup_insert" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW.created_at < now() - interval '9 days') EXECUTE FUNCTION "analysis_rollup_mark_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_analysis_rollup_update" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD.created_at < now() - interval '9 days' OR NEW.created_at < now() - interval '9 days')
    AND (OLD.created_at, OLD.status, OLD.customer_id, OLD.channel_id, OLD.consignee_country_id, OLD.is_cod,
      OLD.cod_currency, OLD.cod_amount, OLD.chargeable_weight)
    IS DISTINCT FROM (NEW.created_at, NEW.status, NEW.customer_id, NEW.channel_id, NEW.consignee_country_id,
      NEW.is_cod, NEW.cod_currency, NEW.cod_amount, NEW.chargeable_weight))
  EXECUTE FUNCTION "analysis_rollup_mark_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_analysis_rollup_delete" AFTER DELETE ON "orders" FOR EACH ROW
  WHEN (OLD.created_at < now() - interval '9 days') EXECUTE FUNCTION "analysis_rollup_mark_order"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analysis_rollup_mark_fee"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text; at timestamptz;
BEGIN
  SELECT time_zone INTO tz FROM analysis_rollup_state WHERE id = 1;
  IF tz IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT created_at INTO at FROM orders WHERE id = OLD.order_id;
    IF at < now() - interval '9 days' THEN
      INSERT INTO analysis_rollup_dirty (day) VALUES ((at AT TIME ZONE tz)::date) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT created_at INTO at FROM orders WHERE id = NEW.order_id;
    IF at < now() - interval '9 days' THEN
      INSERT INTO analysis_rollup_dirty (day) VALUES ((at AT TIME ZONE tz)::date) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;
