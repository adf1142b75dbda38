CREATE TABLE "remote_actors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_actors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uri" text NOT NULL,
	"handle" text,
	"display_name" text,
	"avatar_url" text,
	"profile_url" text,
	"inbox" text,
	"shared_inbox" text,
	"summary" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_actors_uri_key" UNIQUE("uri")
);
--> statement-breakpoint
CREATE TABLE "federation_actor_blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_actor_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"actor_id" text NOT NULL,
	"handle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_domain_blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "federation_domain_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"blocked_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federation_actor_blocks" ADD CONSTRAINT "federation_actor_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_actors_handle_idx" ON "remote_actors" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_actor_blocks_user_actor_idx" ON "federation_actor_blocks" USING btree ("user_id","actor_id");--> statement-breakpoint
CREATE INDEX "federation_actor_blocks_actor_idx" ON "federation_actor_blocks" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_domain_blocks_domain_idx" ON "federation_domain_blocks" USING btree ("domain");