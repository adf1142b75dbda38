DROP INDEX "posts_created_id_idx";--> statement-breakpoint
DROP INDEX "posts_author_created_id_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_payer_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_payee_idx";--> statement-breakpoint
DROP INDEX "notifications_user_id_idx";--> statement-breakpoint
DROP INDEX "creator_applications_user_idx";--> statement-breakpoint
DROP INDEX "conversations_low_updated_idx";--> statement-breakpoint
DROP INDEX "conversations_high_updated_idx";--> statement-breakpoint
CREATE INDEX "posts_created_id_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_created_id_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_payer_idx" ON "ledger_transactions" USING btree ("payer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_payee_idx" ON "ledger_transactions" USING btree ("payee_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creator_applications_user_idx" ON "creator_applications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_low_updated_idx" ON "conversations" USING btree ("user_low_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_high_updated_idx" ON "conversations" USING btree ("user_high_id","updated_at" DESC NULLS FIRST);