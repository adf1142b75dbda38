CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
DROP INDEX "refresh_tokens_family_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "session_id" bigint;--> statement-breakpoint
-- Every sign-in so far (a family of refresh tokens) becomes a session, ended if its tokens were
-- revoked, so nobody is signed out by the upgrade.
ALTER TABLE "sessions" ADD COLUMN "migrated_family_id" uuid;--> statement-breakpoint
INSERT INTO "sessions" ("user_id", "created_at", "expires_at", "ended_at", "end_reason", "migrated_family_id")
SELECT min("user_id"), min("created_at"), max("expires_at"),
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END,
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN 'revoked' END,
  "family_id"
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
UPDATE "refresh_tokens" SET "session_id" = "sessions"."id"
FROM "sessions" WHERE "sessions"."migrated_family_id" = "refresh_tokens"."family_id";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "migrated_family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";--> statement-breakpoint
-- Every instance forgets an ended session at once (the access-token check, live sockets, call
-- signalling): the notice is sent at commit, whichever instance or script ended it. A deleted
-- account's sessions go by the cascade, which tells the same way.
CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zura_changes', 'session_ended:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER UPDATE OF "ended_at" ON "sessions"
  FOR EACH ROW WHEN (OLD."ended_at" IS NULL AND NEW."ended_at" IS NOT NULL)
  EXECUTE FUNCTION "notify_session_ended"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions"
  FOR EACH ROW WHEN (OLD."ended_at" IS NULL)
  EXECUTE FUNCTION "notify_session_ended"();
