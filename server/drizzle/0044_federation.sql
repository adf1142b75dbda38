CREATE TABLE "actor_keys" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"rsa_public" jsonb NOT NULL,
	"rsa_private" jsonb NOT NULL,
	"ed25519_public" jsonb NOT NULL,
	"ed25519_private" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text[] PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message" jsonb NOT NULL,
	"deliver_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ordering_key" text,
	"locked_until" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actor_keys" ADD CONSTRAINT "actor_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at") WHERE "federation_kv"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "federation_messages_due_idx" ON "federation_messages" USING btree ("deliver_at","id");--> statement-breakpoint
CREATE INDEX "federation_messages_ordering_idx" ON "federation_messages" USING btree ("ordering_key","id") WHERE "federation_messages"."ordering_key" is not null;