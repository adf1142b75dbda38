ALTER TABLE "ledger_accounts" ADD COLUMN "test_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Which cents of the money already held came from test-mode top-ups was not recorded: on an
-- installation that ever took one, all of it counts as test money, never paid out.
UPDATE "ledger_accounts" SET "test_cents" = "balance_cents"
WHERE "kind" IN ('wallet', 'earnings')
  AND EXISTS (SELECT 1 FROM "topups" WHERE "provider" = 'test' AND "status" = 'credited');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_test_within_balance" CHECK ("ledger_accounts"."test_cents" >= 0 and ("ledger_accounts"."kind" = 'external' or "ledger_accounts"."test_cents" <= "ledger_accounts"."balance_cents"));
