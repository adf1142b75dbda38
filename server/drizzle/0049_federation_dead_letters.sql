CREATE TABLE "federation_dead_letters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_dead_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" text,
	"activity_type" text NOT NULL,
	"inbox" text NOT NULL,
	"status_code" integer,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"message" jsonb NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "federation_dead_letters_failed_idx" ON "federation_dead_letters" USING btree ("failed_at","id");