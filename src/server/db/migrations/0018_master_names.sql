CREATE TABLE "name_versions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- A random start, so that two databases never show one stamp to a process that knew the other.
INSERT INTO "name_versions" ("id", "version") VALUES (1, floor(random() * 1e15)::bigint);
--> statement-breakpoint
CREATE FUNCTION "bump_name_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "name_versions" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "code", "name" ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_name_version"();
--> statement-breakpoint
CREATE TRIGGER "shipping_channels_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "code", "name", "name_en" ON "shipping_channels"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_name_version"();
--> statement-breakpoint
CREATE TRIGGER "regions_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "code", "name_cn", "name_en", "name_ar" ON "regions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_name_version"();
--> statement-breakpoint
CREATE TRIGGER "carriers_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "code", "name", "name_en" ON "carriers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_name_version"();
--> statement-breakpoint
CREATE TRIGGER "users_names" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "nickname", "username" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_name_version"();
