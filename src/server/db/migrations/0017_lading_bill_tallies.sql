CREATE TABLE "lading_bill_tallies" (
	"bill_id" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"piece_count" integer DEFAULT 0 NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "lading_bill_tallies_bill_id_slot_pk" PRIMARY KEY("bill_id","slot")
);
--> statement-breakpoint
ALTER TABLE "lading_bill_tallies" ADD CONSTRAINT "lading_bill_tallies_bill_id_lading_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."lading_bills"("id") ON DELETE cascade ON UPDATE no action;