CREATE TABLE "cod_remittances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"tracking_no" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"remitted_on" date NOT NULL,
	"reference" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"import_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"tracking_no" text NOT NULL,
	"carrier_id" integer,
	"carrier_tracking_no" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"signer" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"import_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_import_id_import_logs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_records" ADD CONSTRAINT "prompt_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_records" ADD CONSTRAINT "prompt_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_records" ADD CONSTRAINT "prompt_records_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_records" ADD CONSTRAINT "prompt_records_import_id_import_logs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_order_uq" ON "cod_remittances" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cod_remittances_remitted_idx" ON "cod_remittances" USING btree ("remitted_on","id");--> statement-breakpoint
CREATE INDEX "cod_remittances_import_idx" ON "cod_remittances" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_records_order_kind_uq" ON "prompt_records" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "prompt_records_kind_occurred_idx" ON "prompt_records" USING btree ("kind","occurred_at","id");--> statement-breakpoint
CREATE INDEX "prompt_records_customer_idx" ON "prompt_records" USING btree ("customer_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "prompt_records_tracking_no_idx" ON "prompt_records" USING btree ("tracking_no");--> statement-breakpoint
CREATE INDEX "prompt_records_carrier_no_idx" ON "prompt_records" USING btree ("carrier_tracking_no");--> statement-breakpoint
CREATE INDEX "prompt_records_import_idx" ON "prompt_records" USING btree ("import_id");