ALTER TABLE "shipping_channels" ADD COLUMN "max_weight" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "shipping_channels" ADD COLUMN "currency_limits" jsonb DEFAULT '[]'::jsonb NOT NULL;