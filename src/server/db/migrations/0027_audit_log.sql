CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"actor_type" smallint NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"session_id" uuid,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_record_idx" ON "audit_log" USING btree ("entity","record_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_name","at");--> statement-breakpoint
-- Append-only: no UPDATE, no TRUNCATE, and no DELETE but the retention's (audit_log_drop_before),
-- which marks its own transaction with the cutoff and removes only entries older than it.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('audit_log.drop_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(cutoff, '') <> '' THEN
    IF OLD.at < cutoff::timestamptz AND cutoff::timestamptz <= now() - interval '1 day' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- The one way entries leave: those older than `cutoff`, which must be at least a day back.
CREATE FUNCTION audit_log_drop_before(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF cutoff > now() - interval '1 day' THEN
    RAISE EXCEPTION 'audit_log retention keeps at least the last day' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM set_config('audit_log.drop_before', cutoff::text, true);
  DELETE FROM audit_log WHERE at < cutoff;
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('audit_log.drop_before', '', true);
  RETURN n;
END $$;
