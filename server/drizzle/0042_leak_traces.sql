CREATE TABLE "leak_traces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leak_traces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" bigint,
	"scope" text NOT NULL,
	"suspect_sha256" text NOT NULL,
	"suspect_bytes" integer NOT NULL,
	"found" boolean NOT NULL,
	"upload_id" uuid,
	"post_id" bigint,
	"message_id" bigint,
	"recipient_id" bigint,
	"recipient_username" text,
	"variant" text,
	"bits_agreeing" smallint,
	"bits_total" smallint,
	"false_match_probability" double precision,
	"hash_distance" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_marks" DROP CONSTRAINT "media_marks_recipient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "media_marks" ALTER COLUMN "recipient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "leak_traces" ADD CONSTRAINT "leak_traces_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_traces" ADD CONSTRAINT "leak_traces_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_traces" ADD CONSTRAINT "leak_traces_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_traces" ADD CONSTRAINT "leak_traces_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leak_traces" ADD CONSTRAINT "leak_traces_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leak_traces_actor_idx" ON "leak_traces" USING btree ("actor_id","id");--> statement-breakpoint
ALTER TABLE "media_marks" ADD CONSTRAINT "media_marks_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;