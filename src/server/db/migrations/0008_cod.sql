CREATE TABLE "cod_modifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" integer NOT NULL,
	"tracking_no" text NOT NULL,
	"original_amount" numeric(12, 2) NOT NULL,
	"original_currency" text DEFAULT '' NOT NULL,
	"updated_amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"approver_id" integer,
	"approved_at" timestamp with time zone,
	"approval_remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_day" date NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"claimed_by" text DEFAULT '' NOT NULL,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cod_modifications" ADD CONSTRAINT "cod_modifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_modifications" ADD CONSTRAINT "cod_modifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_modifications" ADD CONSTRAINT "cod_modifications_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_modifications" ADD CONSTRAINT "cod_modifications_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_modifications_created_idx" ON "cod_modifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cod_modifications_customer_created_idx" ON "cod_modifications" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cod_modifications_tracking_no_idx" ON "cod_modifications" USING btree ("tracking_no");--> statement-breakpoint
CREATE INDEX "cod_modifications_order_idx" ON "cod_modifications" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_modifications_pending_uq" ON "cod_modifications" USING btree ("order_id") WHERE "cod_modifications"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_pushes_business_day_uq" ON "cod_pushes" USING btree ("business_day");