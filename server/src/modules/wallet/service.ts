import { PLATFORM_FEE_PERCENT } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { runIdempotent } from './idempotency.ts';
import { balanceOf, InsufficientFundsError, postMovement } from './ledger.ts';
import { presentTransaction } from './presenter.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { WebhookSignatureError } from './providers/provider.ts';
import * as repo from './repo.ts';
import type { AuditLog } from '../audit/service.ts';

export type WalletService = ReturnType<typeof createWalletService>;

type TopupAnswer = {
  status: 'pending' | 'credited';
  checkout_url?: string;
  balance_cents?: number;
};

function presentPayout(row: {
  id: number;
  amountCents: number;
  status: string;
  requestedAt: Date;
  paidAt: Date | null;
}) {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export function createWalletService(deps: {
  db: Database;
  provider: PaymentProvider;
  audit: AuditLog;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { db, provider, audit, log } = deps;

  return {
    async getWallet(userId: number) {
      const [balance, earnings] = await Promise.all([
        balanceOf(db, { kind: 'wallet', userId }),
        balanceOf(db, { kind: 'earnings', userId }),
      ]);
      return {
        balance_cents: balance,
        earnings_cents: earnings,
        currency: 'usd',
        platform_fee_percent: PLATFORM_FEE_PERCENT,
        provider: provider.name,
        test_mode: provider.testMode,
      };
    },

    async listTransactions(userId: number, beforeId: number | undefined, limit: number) {
      const rows = await repo.listTransactionsOf(db, userId, beforeId, limit);
      return rows.map((row) => presentTransaction(row, userId));
    },

    /** Test mode credits at once; a real provider answers a checkout address and credits later. */
    async topUp(userId: number, amountCents: number, idempotencyKey: string | undefined) {
      return runIdempotent<TopupAnswer>(
        db,
        { userId, key: idempotencyKey, scope: 'topup', body: { amountCents } },
        async (tx) => {
          const topup = await repo.insertTopup(tx, {
            userId,
            amountCents,
            provider: provider.name,
          });
          const started = await provider.startTopup({ topupId: topup.id, userId, amountCents });
          if (started.status === 'redirect') {
            await repo.setTopupProviderRef(tx, topup.id, started.providerRef);
            return {
              status: 201,
              body: { status: 'pending' as const, checkout_url: started.checkoutUrl },
            };
          }
          const transaction = await postMovement(tx, {
            kind: 'topup',
            payerId: null,
            payeeId: userId,
            amountCents,
            reference: { topup_id: topup.id },
            legs: [
              { account: { kind: 'external' }, amountCents: -amountCents },
              { account: { kind: 'wallet', userId }, amountCents },
            ],
          });
          await repo.markTopupCredited(tx, topup.id, transaction.id);
          return {
            status: 201,
            body: {
              status: 'credited',
              balance_cents: await balanceOf(tx, { kind: 'wallet', userId }),
            },
          };
        },
      );
    },

    /** A provider's signed confirmation; a replay or a duplicate delivery credits nothing. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      let confirmed;
      try {
        confirmed = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new BadRequestError('Invalid webhook signature.');
        throw error;
      }
      if (!confirmed) return { received: true, credited: false };
      const credited = await db.transaction(async (tx) => {
        const topup = await repo.claimPendingTopup(tx, provider.name, confirmed.providerRef);
        if (!topup) return false;
        if (topup.amountCents !== confirmed.amountCents) {
          throw new BadRequestError('The paid amount does not match the top-up.');
        }
        if (topup.userId === null) {
          // Paid after the account was deleted: nobody to credit; the operator refunds it.
          log.warn({ topup: topup.id }, 'payment confirmed for a deleted account; refund it');
          return false;
        }
        const transaction = await postMovement(tx, {
          kind: 'topup',
          payerId: null,
          payeeId: topup.userId,
          amountCents: topup.amountCents,
          reference: { topup_id: topup.id },
          legs: [
            { account: { kind: 'external' }, amountCents: -topup.amountCents },
            { account: { kind: 'wallet', userId: topup.userId }, amountCents: topup.amountCents },
          ],
        });
        await repo.markTopupCredited(tx, topup.id, transaction.id);
        return true;
      });
      return { received: true, credited };
    },

    async requestPayout(
      creatorId: number,
      amountCents: number,
      idempotencyKey: string | undefined,
    ) {
      return runIdempotent(
        db,
        { userId: creatorId, key: idempotencyKey, scope: 'payout', body: { amountCents } },
        async (tx) => {
          const payout = await repo.insertPayout(tx, creatorId, amountCents);
          await postMovement(tx, {
            kind: 'payout_request',
            payerId: creatorId,
            payeeId: null,
            amountCents,
            reference: { payout_id: payout.id },
            legs: [
              { account: { kind: 'earnings', userId: creatorId }, amountCents: -amountCents },
              { account: { kind: 'payout_clearing' }, amountCents },
            ],
          }).catch((error: unknown) => {
            if (error instanceof InsufficientFundsError) {
              throw new InsufficientFundsError('Your earnings do not cover this payout.');
            }
            throw error;
          });
          return { status: 201, body: presentPayout(payout) };
        },
      );
    },

    async listPayouts(creatorId: number) {
      return (await repo.listPayoutsOf(db, creatorId)).map(presentPayout);
    },

    async listPayoutsForAdmin(status: 'requested' | 'paid') {
      const rows = await repo.listPayoutsByStatus(db, [status]);
      return rows.map((row) => ({
        ...presentPayout(row.payout),
        creator: { id: row.payout.creatorId, username: row.username, email: row.email },
      }));
    },

    /** The admin confirms the money left the platform; the clearing account pays out. */
    async markPayoutPaid(adminId: number, payoutId: number) {
      return db.transaction(async (tx) => {
        const payout = await repo.claimRequestedPayout(tx, payoutId, adminId);
        if (!payout) throw new NotFoundError('No requested payout with this id.');
        await audit.record(tx, {
          actorId: adminId,
          action: 'payout_paid',
          targetType: 'payout',
          targetId: payout.id,
          details: { creator_id: payout.creatorId, amount_cents: payout.amountCents },
        });
        await postMovement(tx, {
          kind: 'payout_paid',
          payerId: null,
          payeeId: null,
          amountCents: payout.amountCents,
          reference: { payout_id: payout.id, creator_id: payout.creatorId ?? 'deleted' },
          legs: [
            { account: { kind: 'payout_clearing' }, amountCents: -payout.amountCents },
            { account: { kind: 'external' }, amountCents: payout.amountCents },
          ],
        });
        return presentPayout(payout);
      });
    },
  };
}
