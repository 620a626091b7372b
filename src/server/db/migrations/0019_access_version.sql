-- The stamp of what a role grants (name_versions row 2): the roles' names and admin flag, their
-- menus, the menus' permission keys. Statement triggers change it with every such write, as row 1
-- for the names; a process keeps the grants of each set of roles under the stamp (http/session.ts).
INSERT INTO "name_versions" ("id", "version") VALUES (2, floor(random() * 1e15)::bigint);
--> statement-breakpoint
CREATE FUNCTION "bump_access_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "name_versions" SET "version" = "version" + 1 WHERE "id" = 2;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "roles_access" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "is_admin" ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "role_menus_access" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "role_menus"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
--> statement-breakpoint
CREATE TRIGGER "menus_access" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "type", "path", "perms" ON "menus"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_access_version"();
