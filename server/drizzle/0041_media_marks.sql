CREATE TABLE "media_marks" (
	"serial" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_marks_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"upload_id" uuid NOT NULL,
	"recipient_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_marks_upload_recipient_key" UNIQUE("upload_id","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "media_marks" ADD CONSTRAINT "media_marks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_marks" ADD CONSTRAINT "media_marks_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;