ALTER TABLE "order_abnormals" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_goods" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;