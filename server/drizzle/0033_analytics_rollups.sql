-- Earnings analytics read daily roll-ups, never the ledger. Triggers keep them as payments and
-- subscriptions are written; the rows already there are counted by the backfill at the end.
-- Taken first, so nothing is written between the triggers' creation and the backfill: a payment
-- committed before is in the backfill, one after goes through the triggers, none in both.
LOCK TABLE "ledger_transactions", "subscriptions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- A payment to a creator (the payee; the fan is the payer): its gross (amount_cents) and the
-- platform's fee, on the UTC day it was made, under its kind; and what that fan spent with the
-- creator that UTC month. A payment whose fan is gone (payer_id null) still counts as earnings.
-- Lock order is the payment's: its ledger accounts first (postMovement), then these rows.
CREATE FUNCTION "analytics_count_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid_at timestamp := NEW.created_at AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO creator_daily_earnings AS e (creator_id, day, source, gross_cents, fee_cents, count)
  VALUES (NEW.payee_id, paid_at::date, NEW.kind, NEW.amount_cents, NEW.fee_cents, 1)
  ON CONFLICT (creator_id, day, source) DO UPDATE
    SET gross_cents = e.gross_cents + excluded.gross_cents,
        fee_cents = e.fee_cents + excluded.fee_cents,
        count = e.count + excluded.count;
  IF NEW.payer_id IS NOT NULL THEN
    INSERT INTO creator_monthly_fans AS f (creator_id, month, fan_id, spent_cents)
    VALUES (NEW.payee_id, date_trunc('month', paid_at)::date, NEW.payer_id, NEW.amount_cents)
    ON CONFLICT (creator_id, month, fan_id) DO UPDATE
      SET spent_cents = f.spent_cents + excluded.spent_cents;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_analytics" AFTER INSERT ON "ledger_transactions"
  FOR EACH ROW
  WHEN (NEW.payee_id IS NOT NULL
        AND NEW.kind IN ('subscription', 'renewal', 'tip', 'message_unlock', 'post_unlock'))
  EXECUTE FUNCTION "analytics_count_payment"();--> statement-breakpoint
-- Subscribers gained (every new subscription row, a trial or a bundle alike: the row, not the
-- money) on the UTC day it started, and lost on the UTC day an active one expired (expired_at,
-- the end of its last paid period).
CREATE FUNCTION "analytics_count_subscriber"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gained_n integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE 0 END;
  on_day date := CASE WHEN TG_OP = 'INSERT' THEN (NEW.created_at AT TIME ZONE 'UTC')::date
                      ELSE (coalesce(NEW.expired_at, now()) AT TIME ZONE 'UTC')::date END;
BEGIN
  INSERT INTO creator_daily_subscribers AS s (creator_id, day, gained, lost)
  VALUES (NEW.creator_id, on_day, gained_n, 1 - gained_n)
  ON CONFLICT (creator_id, day) DO UPDATE
    SET gained = s.gained + excluded.gained, lost = s.lost + excluded.lost;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_analytics_gained" AFTER INSERT ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "analytics_count_subscriber"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_analytics_lost" AFTER UPDATE OF "status" ON "subscriptions"
  FOR EACH ROW WHEN (OLD.status = 'active' AND NEW.status = 'expired')
  EXECUTE FUNCTION "analytics_count_subscriber"();--> statement-breakpoint
-- The backfill: the same rules, set-based, over the rows written before this migration.
INSERT INTO creator_daily_earnings AS e (creator_id, day, source, gross_cents, fee_cents, count)
SELECT payee_id, (created_at AT TIME ZONE 'UTC')::date, kind, sum(amount_cents), sum(fee_cents), count(*)
  FROM ledger_transactions
 WHERE payee_id IS NOT NULL
   AND kind IN ('subscription', 'renewal', 'tip', 'message_unlock', 'post_unlock')
 GROUP BY 1, 2, 3
ON CONFLICT (creator_id, day, source) DO UPDATE
  SET gross_cents = e.gross_cents + excluded.gross_cents,
      fee_cents = e.fee_cents + excluded.fee_cents,
      count = e.count + excluded.count;--> statement-breakpoint
INSERT INTO creator_monthly_fans AS f (creator_id, month, fan_id, spent_cents)
SELECT payee_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, payer_id, sum(amount_cents)
  FROM ledger_transactions
 WHERE payee_id IS NOT NULL AND payer_id IS NOT NULL
   AND kind IN ('subscription', 'renewal', 'tip', 'message_unlock', 'post_unlock')
 GROUP BY 1, 2, 3
ON CONFLICT (creator_id, month, fan_id) DO UPDATE
  SET spent_cents = f.spent_cents + excluded.spent_cents;--> statement-breakpoint
INSERT INTO creator_daily_subscribers AS s (creator_id, day, gained, lost)
SELECT creator_id, day, sum(gained)::int, sum(lost)::int
  FROM (SELECT creator_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS gained, 0 AS lost
          FROM subscriptions
        UNION ALL
        SELECT creator_id, (coalesce(expired_at, current_period_end) AT TIME ZONE 'UTC')::date, 0, 1
          FROM subscriptions WHERE status = 'expired') changes
 GROUP BY 1, 2
ON CONFLICT (creator_id, day) DO UPDATE
  SET gained = s.gained + excluded.gained, lost = s.lost + excluded.lost;
