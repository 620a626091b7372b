CREATE TABLE "citc_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"origin_order_id" bigint,
	"status" smallint DEFAULT 0 NOT NULL,
	"reference_no" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origin_order_goods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"origin_order_id" bigint NOT NULL,
	"line_no" smallint NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"name_en" text NOT NULL,
	"name_cn" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"hs_code" text DEFAULT '' NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"specification" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origin_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"platform_order_no" text NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"customer_id" integer NOT NULL,
	"channel_id" integer,
	"source" smallint DEFAULT 1 NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_phone" text NOT NULL,
	"receiver_phone2" text DEFAULT '' NOT NULL,
	"receiver_email" text DEFAULT '' NOT NULL,
	"receiver_country" text NOT NULL,
	"receiver_province" text DEFAULT '' NOT NULL,
	"receiver_city" text DEFAULT '' NOT NULL,
	"receiver_district" text DEFAULT '' NOT NULL,
	"receiver_address" text NOT NULL,
	"receiver_postcode" text DEFAULT '' NOT NULL,
	"receiver_country_id" integer,
	"receiver_province_id" integer,
	"receiver_city_id" integer,
	"receiver_district_id" integer,
	"receiver_confirm_state" smallint DEFAULT 0 NOT NULL,
	"receiver_confirmed_at" timestamp with time zone,
	"receiver_confirmed_by" integer,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_phone" text DEFAULT '' NOT NULL,
	"sender_company" text DEFAULT '' NOT NULL,
	"sender_country" text DEFAULT '' NOT NULL,
	"sender_province" text DEFAULT '' NOT NULL,
	"sender_city" text DEFAULT '' NOT NULL,
	"sender_address" text DEFAULT '' NOT NULL,
	"sender_postcode" text DEFAULT '' NOT NULL,
	"sender_region_id" integer,
	"sender_confirm_state" smallint DEFAULT 0 NOT NULL,
	"sender_confirmed_at" timestamp with time zone,
	"sender_confirmed_by" integer,
	"weight" numeric(10, 3) NOT NULL,
	"length" numeric(8, 2),
	"width" numeric(8, 2),
	"height" numeric(8, 2),
	"package_count" smallint DEFAULT 1 NOT NULL,
	"packing_type" smallint DEFAULT 3 NOT NULL,
	"is_cod" boolean DEFAULT false NOT NULL,
	"cod_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cod_currency" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"buyer_id_no" text DEFAULT '' NOT NULL,
	"declared_value" numeric(12, 2),
	"declared_currency" text DEFAULT '' NOT NULL,
	"invoice_no" text DEFAULT '' NOT NULL,
	"payment_method" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"extra_remark" text DEFAULT '' NOT NULL,
	"extra_updated_at" timestamp with time zone,
	"upload_state" smallint DEFAULT 0 NOT NULL,
	"order_id" bigint,
	"uploaded_at" timestamp with time zone,
	"uploaded_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origin_push_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"origin_order_id" bigint NOT NULL,
	"result" smallint NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" bigint,
	"tracking_no" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "citc_records" ADD CONSTRAINT "citc_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citc_records" ADD CONSTRAINT "citc_records_origin_order_id_origin_orders_id_fk" FOREIGN KEY ("origin_order_id") REFERENCES "public"."origin_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_order_goods" ADD CONSTRAINT "origin_order_goods_origin_order_id_origin_orders_id_fk" FOREIGN KEY ("origin_order_id") REFERENCES "public"."origin_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_channel_id_shipping_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."shipping_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_receiver_country_id_regions_id_fk" FOREIGN KEY ("receiver_country_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_receiver_province_id_regions_id_fk" FOREIGN KEY ("receiver_province_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_receiver_city_id_regions_id_fk" FOREIGN KEY ("receiver_city_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_receiver_district_id_regions_id_fk" FOREIGN KEY ("receiver_district_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_receiver_confirmed_by_users_id_fk" FOREIGN KEY ("receiver_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_sender_region_id_regions_id_fk" FOREIGN KEY ("sender_region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_sender_confirmed_by_users_id_fk" FOREIGN KEY ("sender_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_orders" ADD CONSTRAINT "origin_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_push_records" ADD CONSTRAINT "origin_push_records_origin_order_id_origin_orders_id_fk" FOREIGN KEY ("origin_order_id") REFERENCES "public"."origin_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_push_records" ADD CONSTRAINT "origin_push_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origin_push_records" ADD CONSTRAINT "origin_push_records_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "citc_records_order_uq" ON "citc_records" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "citc_records_created_idx" ON "citc_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "citc_records_status_created_idx" ON "citc_records" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "origin_order_goods_order_idx" ON "origin_order_goods" USING btree ("origin_order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "origin_orders_platform_no_uq" ON "origin_orders" USING btree ("platform","platform_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "origin_orders_order_uq" ON "origin_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "origin_orders_platform_no_idx" ON "origin_orders" USING btree ("platform_order_no");--> statement-breakpoint
CREATE INDEX "origin_orders_created_idx" ON "origin_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "origin_orders_customer_created_idx" ON "origin_orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "origin_orders_upload_created_idx" ON "origin_orders" USING btree ("upload_state","created_at","id");--> statement-breakpoint
CREATE INDEX "origin_push_records_pushed_idx" ON "origin_push_records" USING btree ("pushed_at","id");--> statement-breakpoint
CREATE INDEX "origin_push_records_origin_idx" ON "origin_push_records" USING btree ("origin_order_id","pushed_at");