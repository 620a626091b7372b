CREATE SEQUENCE "public"."batch_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."lading_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."overseas_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."package_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "batch_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" bigint NOT NULL,
	"lading_id" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"piece_count" integer DEFAULT 0 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"airline_bill_no" text NOT NULL,
	"air_cargo_no" text DEFAULT '' NOT NULL,
	"departure_port" text DEFAULT '' NOT NULL,
	"destination_port" text DEFAULT '' NOT NULL,
	"departure_time" timestamp with time zone,
	"arrival_time" timestamp with time zone,
	"port_carrier" text DEFAULT '' NOT NULL,
	"first_carrier" text DEFAULT '' NOT NULL,
	"charged" boolean NOT NULL,
	"mixed" boolean NOT NULL,
	"lading_count" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"piece_count" integer DEFAULT 0 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"pickup_status" smallint DEFAULT 1 NOT NULL,
	"picked_up_at" timestamp with time zone,
	"picked_up_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_remarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"bill_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"exchanged" smallint DEFAULT 0 NOT NULL,
	"carrier_id" integer,
	"carrier_tracking_no" text,
	"package_id" bigint,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"exchanged_at" timestamp with time zone,
	"exchanged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lading_bills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"channel_id" integer NOT NULL,
	"carrier_id" integer,
	"type" smallint DEFAULT 1 NOT NULL,
	"order_type" smallint DEFAULT 1 NOT NULL,
	"country_id" integer,
	"confirm_state" smallint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"pickup_status" smallint DEFAULT 1 NOT NULL,
	"picked_up_at" timestamp with time zone,
	"picked_up_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"item_count" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"piece_count" integer DEFAULT 0 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"mail_state" smallint DEFAULT 0 NOT NULL,
	"mail_pushed_at" timestamp with time zone,
	"mail_message" text DEFAULT '' NOT NULL,
	"mail_to" text DEFAULT '' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"clearance_status" smallint DEFAULT 0 NOT NULL,
	"declaration_no" text DEFAULT '' NOT NULL,
	"clearance_remark" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lading_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bill_id" bigint NOT NULL,
	"order_id" bigint,
	"package_id" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"order_count" integer DEFAULT 1 NOT NULL,
	"piece_count" integer DEFAULT 1 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "lading_items_one_parcel" CHECK (("lading_items"."order_id" IS NULL) <> ("lading_items"."package_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "overseas_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bill_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"piece_count" integer DEFAULT 1 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "overseas_ladings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"channel_id" integer NOT NULL,
	"carrier_id" integer,
	"country_id" integer,
	"confirm_state" smallint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"pickup_status" smallint DEFAULT 1 NOT NULL,
	"picked_up_at" timestamp with time zone,
	"picked_up_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"order_count" integer DEFAULT 0 NOT NULL,
	"piece_count" integer DEFAULT 0 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"piece_count" integer DEFAULT 1 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"customer_id" integer,
	"channel_id" integer,
	"country_id" integer,
	"consignee_name" text DEFAULT '' NOT NULL,
	"consignee_phone" text DEFAULT '' NOT NULL,
	"consignee_address" text DEFAULT '' NOT NULL,
	"consignee_key" text,
	"confirm_state" smallint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"pickup_status" smallint DEFAULT 1 NOT NULL,
	"picked_up_at" timestamp with time zone,
	"picked_up_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"order_count" integer DEFAULT 0 NOT NULL,
	"piece_count" integer DEFAULT 0 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_lading_id_lading_bills_id_fk" FOREIGN KEY ("lading_id") REFERENCES "public"."lading_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_picked_up_by_users_id_fk" FOREIGN KEY ("picked_up_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_remarks" ADD CONSTRAINT "bill_remarks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_records" ADD CONSTRAINT "exchange_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_records" ADD CONSTRAINT "exchange_records_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_records" ADD CONSTRAINT "exchange_records_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_records" ADD CONSTRAINT "exchange_records_exchanged_by_users_id_fk" FOREIGN KEY ("exchanged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_bills" ADD CONSTRAINT "lading_bills_channel_id_shipping_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."shipping_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_bills" ADD CONSTRAINT "lading_bills_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_bills" ADD CONSTRAINT "lading_bills_country_id_regions_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_bills" ADD CONSTRAINT "lading_bills_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_bills" ADD CONSTRAINT "lading_bills_picked_up_by_users_id_fk" FOREIGN KEY ("picked_up_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_bills" ADD CONSTRAINT "lading_bills_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_bills" ADD CONSTRAINT "lading_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_items" ADD CONSTRAINT "lading_items_bill_id_lading_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."lading_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_items" ADD CONSTRAINT "lading_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_items" ADD CONSTRAINT "lading_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lading_items" ADD CONSTRAINT "lading_items_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_items" ADD CONSTRAINT "overseas_items_bill_id_overseas_ladings_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."overseas_ladings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_items" ADD CONSTRAINT "overseas_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_items" ADD CONSTRAINT "overseas_items_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_ladings" ADD CONSTRAINT "overseas_ladings_channel_id_shipping_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."shipping_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_ladings" ADD CONSTRAINT "overseas_ladings_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_ladings" ADD CONSTRAINT "overseas_ladings_country_id_regions_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_ladings" ADD CONSTRAINT "overseas_ladings_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_ladings" ADD CONSTRAINT "overseas_ladings_picked_up_by_users_id_fk" FOREIGN KEY ("picked_up_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_ladings" ADD CONSTRAINT "overseas_ladings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overseas_ladings" ADD CONSTRAINT "overseas_ladings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_channel_id_shipping_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."shipping_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_country_id_regions_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_picked_up_by_users_id_fk" FOREIGN KEY ("picked_up_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_items_lading_live_uq" ON "batch_items" USING btree ("lading_id") WHERE "batch_items"."active";--> statement-breakpoint
CREATE INDEX "batch_items_batch_idx" ON "batch_items" USING btree ("batch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_no_uq" ON "batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "batches_created_idx" ON "batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "batches_airline_bill_idx" ON "batches" USING btree ("airline_bill_no");--> statement-breakpoint
CREATE INDEX "bill_remarks_bill_idx" ON "bill_remarks" USING btree ("kind","bill_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_records_order_uq" ON "exchange_records" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "exchange_records_created_idx" ON "exchange_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "exchange_records_exchanged_idx" ON "exchange_records" USING btree ("exchanged","exchanged_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lading_bills_no_uq" ON "lading_bills" USING btree ("no");--> statement-breakpoint
CREATE INDEX "lading_bills_created_idx" ON "lading_bills" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lading_bills_channel_idx" ON "lading_bills" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "lading_bills_pickup_idx" ON "lading_bills" USING btree ("pickup_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lading_items_order_live_uq" ON "lading_items" USING btree ("order_id") WHERE "lading_items"."active" AND "lading_items"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lading_items_package_live_uq" ON "lading_items" USING btree ("package_id") WHERE "lading_items"."active" AND "lading_items"."package_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lading_items_bill_idx" ON "lading_items" USING btree ("bill_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "overseas_items_order_live_uq" ON "overseas_items" USING btree ("order_id") WHERE "overseas_items"."active";--> statement-breakpoint
CREATE INDEX "overseas_items_bill_idx" ON "overseas_items" USING btree ("bill_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "overseas_ladings_no_uq" ON "overseas_ladings" USING btree ("no");--> statement-breakpoint
CREATE INDEX "overseas_ladings_created_idx" ON "overseas_ladings" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_items_order_live_uq" ON "package_items" USING btree ("order_id") WHERE "package_items"."active";--> statement-breakpoint
CREATE INDEX "package_items_package_idx" ON "package_items" USING btree ("package_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_no_uq" ON "packages" USING btree ("no");--> statement-breakpoint
CREATE INDEX "packages_created_idx" ON "packages" USING btree ("created_at","id");