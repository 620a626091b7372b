CREATE TABLE "file_chunks" (
	"file_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_key_seq_pk" PRIMARY KEY("file_key","seq")
);
--> statement-breakpoint
ALTER TABLE "export_tasks" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;