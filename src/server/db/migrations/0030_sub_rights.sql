ALTER TABLE "users" ADD COLUMN "sub_rights" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Sub-accounts could do everything their main account could: they keep every right.
UPDATE "users" SET "sub_rights" = ARRAY['orders:create','orders:cancel','labels:print','orders:export','reports:read','statements:read','apiKeys:manage'] WHERE "type" = 3;
