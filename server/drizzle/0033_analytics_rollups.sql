-- The analytics roll-ups are kept by triggers on the ledger and subscriptions (written with the analytics module).
SELECT 1;
