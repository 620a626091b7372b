CREATE TABLE "analysis_rollup_dirty" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_rollup_fees" (
	"dim" smallint NOT NULL,
	"day" date NOT NULL,
	"g" text NOT NULL,
	"ft" smallint NOT NULL,
	"cur" text NOT NULL,
	"a" numeric NOT NULL,
	CONSTRAINT "analysis_rollup_fees_dim_day_g_ft_cur_pk" PRIMARY KEY("dim","day","g","ft","cur")
);
--> statement-breakpoint
CREATE TABLE "analysis_rollup_orders" (
	"dim" smallint NOT NULL,
	"day" date NOT NULL,
	"g" text NOT NULL,
	"cur" text NOT NULL,
	"n" integer NOT NULL,
	"w" numeric NOT NULL,
	"cn" integer NOT NULL,
	"a" numeric NOT NULL,
	CONSTRAINT "analysis_rollup_orders_dim_day_g_cur_pk" PRIMARY KEY("dim","day","g","cur")
);
--> statement-breakpoint
CREATE TABLE "analysis_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"time_zone" text,
	"edge" date,
	"built_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "analysis_rollup_state" ("id") VALUES (1);
--> statement-breakpoint
-- Marks the closed days an order change reaches (its business day before and after), once the
-- rollup is built. The triggers fire only for orders older than 34 days (the rollup's edge is 35
-- days before today), and on update only when a column the statistics read changed.
CREATE FUNCTION "analysis_rollup_mark_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT time_zone INTO tz FROM analysis_rollup_state WHERE id = 1;
  IF tz IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analysis_rollup_dirty (day) VALUES ((OLD.created_at AT TIME ZONE tz)::date) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analysis_rollup_dirty (day) VALUES ((NEW.created_at AT TIME ZONE tz)::date) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_analysis_rollup_insert" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (NEW.created_at < now() - interval '34 days') EXECUTE FUNCTION "analysis_rollup_mark_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_analysis_rollup_update" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD.created_at < now() - interval '34 days' OR NEW.created_at < now() - interval '34 days')
    AND (OLD.created_at, OLD.status, OLD.customer_id, OLD.channel_id, OLD.consignee_country_id, OLD.is_cod,
      OLD.cod_currency, OLD.cod_amount, OLD.chargeable_weight)
    IS DISTINCT FROM (NEW.created_at, NEW.status, NEW.customer_id, NEW.channel_id, NEW.consignee_country_id,
      NEW.is_cod, NEW.cod_currency, NEW.cod_amount, NEW.chargeable_weight))
  EXECUTE FUNCTION "analysis_rollup_mark_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_analysis_rollup_delete" AFTER DELETE ON "orders" FOR EACH ROW
  WHEN (OLD.created_at < now() - interval '34 days') EXECUTE FUNCTION "analysis_rollup_mark_order"();
--> statement-breakpoint
-- A fee line's day is its order's: looked up, so this one fires for every fee line change (an
-- index probe by the order's id once the rollup is built).
CREATE FUNCTION "analysis_rollup_mark_fee"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text; at timestamptz;
BEGIN
  SELECT time_zone INTO tz FROM analysis_rollup_state WHERE id = 1;
  IF tz IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT created_at INTO at FROM orders WHERE id = OLD.order_id;
    IF at < now() - interval '34 days' THEN
      INSERT INTO analysis_rollup_dirty (day) VALUES ((at AT TIME ZONE tz)::date) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT created_at INTO at FROM orders WHERE id = NEW.order_id;
    IF at < now() - interval '34 days' THEN
      INSERT INTO analysis_rollup_dirty (day) VALUES ((at AT TIME ZONE tz)::date) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_details_analysis_rollup_change" AFTER INSERT OR DELETE ON "fee_details" FOR EACH ROW
  EXECUTE FUNCTION "analysis_rollup_mark_fee"();
--> statement-breakpoint
CREATE TRIGGER "fee_details_analysis_rollup_update" AFTER UPDATE ON "fee_details" FOR EACH ROW
  WHEN ((OLD.order_id, OLD.fee_type, OLD.currency, OLD.amount) IS DISTINCT FROM (NEW.order_id, NEW.fee_type, NEW.currency, NEW.amount))
  EXECUTE FUNCTION "analysis_rollup_mark_fee"();
--> statement-breakpoint
-- Emptying the orders or the fee lines empties the rollup: it is built again from scratch.
CREATE FUNCTION "analysis_rollup_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE analysis_rollup_orders, analysis_rollup_fees, analysis_rollup_dirty;
  UPDATE analysis_rollup_state SET time_zone = NULL, edge = NULL, built_at = NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_analysis_rollup_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT
  EXECUTE FUNCTION "analysis_rollup_reset"();
--> statement-breakpoint
CREATE TRIGGER "fee_details_analysis_rollup_truncate" AFTER TRUNCATE ON "fee_details" FOR EACH STATEMENT
  EXECUTE FUNCTION "analysis_rollup_reset"();
