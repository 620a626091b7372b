CREATE SEQUENCE "public"."order_tracking_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fee_details" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"fee_type" smallint NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"chargeable_weight" numeric(10, 3) NOT NULL,
	"price_rule_id" integer,
	"basis" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_exceptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"reason" smallint NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_abnormals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"department" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"node" text NOT NULL,
	"carrier_id" integer,
	"status" smallint,
	"from_status" smallint,
	"location" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_goods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" smallint NOT NULL,
	"name_en" text NOT NULL,
	"name_cn" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"hs_code" text DEFAULT '' NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"sensitive_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"sensitive_hit" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_intercepts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result_remark" text DEFAULT '' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_remarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tracking_no" text DEFAULT ('GL' || lpad(nextval('order_tracking_no_seq')::text, 10, '0')) NOT NULL,
	"customer_no" text NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by" integer,
	"channel_id" integer NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_phone" text DEFAULT '' NOT NULL,
	"sender_company" text DEFAULT '' NOT NULL,
	"sender_region_id" integer,
	"sender_address" text DEFAULT '' NOT NULL,
	"sender_postcode" text DEFAULT '' NOT NULL,
	"consignee_name" text NOT NULL,
	"consignee_phone" text NOT NULL,
	"consignee_phone2" text DEFAULT '' NOT NULL,
	"consignee_email" text DEFAULT '' NOT NULL,
	"consignee_country_id" integer NOT NULL,
	"consignee_province_id" integer,
	"consignee_city_id" integer,
	"consignee_district_id" integer,
	"consignee_province" text DEFAULT '' NOT NULL,
	"consignee_city" text DEFAULT '' NOT NULL,
	"consignee_district" text DEFAULT '' NOT NULL,
	"consignee_address" text NOT NULL,
	"consignee_postcode" text DEFAULT '' NOT NULL,
	"packing_type" smallint DEFAULT 3 NOT NULL,
	"package_count" smallint DEFAULT 1 NOT NULL,
	"declared_weight" numeric(10, 3) NOT NULL,
	"checked_weight" numeric(10, 3),
	"length" numeric(8, 2),
	"width" numeric(8, 2),
	"height" numeric(8, 2),
	"volume_weight" numeric(10, 3) DEFAULT '0' NOT NULL,
	"chargeable_weight" numeric(10, 3) NOT NULL,
	"is_cod" boolean DEFAULT false NOT NULL,
	"cod_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cod_currency" text DEFAULT '' NOT NULL,
	"payment" smallint DEFAULT 0 NOT NULL,
	"carrier_id" integer,
	"carrier_tracking_no" text,
	"carrier_assigned_at" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"check_status" smallint DEFAULT 0 NOT NULL,
	"sign_status" smallint DEFAULT 0 NOT NULL,
	"intercept_state" smallint DEFAULT 0 NOT NULL,
	"exchange_status" smallint DEFAULT 0 NOT NULL,
	"abnormal_flags" integer DEFAULT 0 NOT NULL,
	"received_depot_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrived_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"exchanged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_details" ADD CONSTRAINT "fee_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_details" ADD CONSTRAINT "fee_details_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exceptions" ADD CONSTRAINT "fee_exceptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exceptions" ADD CONSTRAINT "fee_exceptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_abnormals" ADD CONSTRAINT "order_abnormals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_abnormals" ADD CONSTRAINT "order_abnormals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_abnormals" ADD CONSTRAINT "order_abnormals_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_goods" ADD CONSTRAINT "order_goods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_intercepts" ADD CONSTRAINT "order_intercepts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_intercepts" ADD CONSTRAINT "order_intercepts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_intercepts" ADD CONSTRAINT "order_intercepts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_remarks" ADD CONSTRAINT "order_remarks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_remarks" ADD CONSTRAINT "order_remarks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_id_shipping_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."shipping_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sender_region_id_regions_id_fk" FOREIGN KEY ("sender_region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_consignee_country_id_regions_id_fk" FOREIGN KEY ("consignee_country_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_consignee_province_id_regions_id_fk" FOREIGN KEY ("consignee_province_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_consignee_city_id_regions_id_fk" FOREIGN KEY ("consignee_city_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_consignee_district_id_regions_id_fk" FOREIGN KEY ("consignee_district_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_received_depot_id_depots_id_fk" FOREIGN KEY ("received_depot_id") REFERENCES "public"."depots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_details_order_idx" ON "fee_details" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fee_details_customer_computed_idx" ON "fee_details" USING btree ("customer_id","computed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_exceptions_pending_uq" ON "fee_exceptions" USING btree ("order_id") WHERE "fee_exceptions"."state" = 0;--> statement-breakpoint
CREATE INDEX "fee_exceptions_state_created_idx" ON "fee_exceptions" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_abnormals_pending_uq" ON "order_abnormals" USING btree ("order_id","kind") WHERE "order_abnormals"."state" = 0;--> statement-breakpoint
CREATE INDEX "order_abnormals_state_created_idx" ON "order_abnormals" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "order_abnormals_order_idx" ON "order_abnormals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_events_order_time_idx" ON "order_events" USING btree ("order_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "order_goods_order_idx" ON "order_goods" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "order_intercepts_order_idx" ON "order_intercepts" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_remarks_order_idx" ON "order_remarks" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tracking_no_uq" ON "orders" USING btree ("tracking_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_no_uq" ON "orders" USING btree ("customer_id","customer_no");--> statement-breakpoint
CREATE INDEX "orders_customer_no_idx" ON "orders" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "orders_carrier_tracking_no_idx" ON "orders" USING btree ("carrier_tracking_no");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_channel_created_idx" ON "orders" USING btree ("channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree ("consignee_country_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_arrived_idx" ON "orders" USING btree ("arrived_at");--> statement-breakpoint
CREATE INDEX "orders_carrier_assigned_idx" ON "orders" USING btree ("carrier_id","carrier_assigned_at") WHERE "orders"."carrier_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_abnormal_idx" ON "orders" USING btree ("created_at") WHERE "orders"."abnormal_flags" <> 0;--> statement-breakpoint
CREATE INDEX "orders_intercept_idx" ON "orders" USING btree ("intercept_state") WHERE "orders"."intercept_state" <> 0;