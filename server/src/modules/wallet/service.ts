import { randomBytes } from 'node:crypto';
import {
  formatCents,
  PLATFORM_FEE_PERCENT,
  type PAYOUT_STATUSES,
  type topupAnswer,
} from '@zura/contracts';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { beginIdempotent, finishIdempotent, runIdempotent } from './idempotency.ts';
import { balanceOf, holdingOf, InsufficientFundsError, postMovement } from './ledger.ts';
import { presentTransaction } from './presenter.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { WebhookSignatureError } from './providers/provider.ts';
import * as repo from './repo.ts';
import type { AuditLog } from '../audit/index.ts';

export type WalletService = ReturnType<typeof createWalletService>;

type TopupAnswer = z.infer<typeof topupAnswer>;

function presentPayout(
  row: {
    id: number;
    amountCents: number;
    status: (typeof PAYOUT_STATUSES)[number];
    requestedAt: Date;
    paidAt: Date | null;
  },
  testAccount: boolean,
) {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    test_account: testAccount,
  };
}

/** What a begun top-up keeps under its Idempotency-Key until it is answered. */
type PendingTopup = { topup_id: number; request_key: string };

/**
 * Money in from outside: the external account pays the user's wallet. `testMoney`: it came
 * through a test-mode provider, and may be spent but never paid out.
 */
export async function creditTopup(
  tx: Tx,
  topup: { id: number; userId: number; amountCents: number },
  testMoney: boolean,
) {
  const transaction = await postMovement(tx, {
    kind: 'topup',
    testMoney,
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
}

/**
 * Why earnings did not cover a payout: too little, or too little that is real money (live mode)
 * or test-mode money (a test-mode payout into the simulated account).
 */
async function payoutRefusal(tx: Tx, creatorId: number, amountCents: number, testMode: boolean) {
  const earnings = await holdingOf(tx, { kind: 'earnings', userId: creatorId });
  if (testMode) {
    return new InsufficientFundsError(
      `In test mode only earnings from test-mode top-ups are paid out, into a test account: ` +
        `at most ${formatCents(earnings.testCents)} now.`,
    );
  }
  if (earnings.balanceCents < amountCents) {
    return new InsufficientFundsError('Your earnings do not cover this payout.');
  }
  return new InsufficientFundsError(
    `Only earnings paid with real money can be paid out, at most ` +
      `${formatCents(earnings.balanceCents - earnings.testCents)} now: ` +
      `${formatCents(earnings.testCents)} of your earnings came from test-mode top-ups.`,
  );
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
        holdingOf(db, { kind: 'earnings', userId }),
      ]);
      return {
        balance_cents: balance,
        earnings_cents: earnings.balanceCents,
        // What a payout may take: live, the real money (test-mode money never leaves); in test
        // mode, the test-mode money, into the simulated test account.
        withdrawable_cents: provider.testMode
          ? earnings.testCents
          : earnings.balanceCents - earnings.testCents,
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

    /**
     * Test mode credits at once; a real provider answers a checkout address and credits later.
     * The pending top-up is committed before the provider is called and the answer stored after,
     * so no transaction waits on the provider; a retry resumes the same top-up.
     */
    async topUp(userId: number, amountCents: number, idempotencyKey: string | undefined) {
      const begun = await beginIdempotent<TopupAnswer, PendingTopup>(
        db,
        { userId, key: idempotencyKey, scope: 'topup', body: { amountCents } },
        async (tx) => {
          const topup = await repo.insertTopup(tx, {
            userId,
            amountCents,
            provider: provider.name,
          });
          // The row id, and a nonce so two installations sharing a Stripe account never collide.
          const requestKey = `zura-topup-${topup.id}-${randomBytes(8).toString('hex')}`;
          return { topup_id: topup.id, request_key: requestKey };
        },
      );
      if ('answer' in begun) return begun.answer;
      const { topup_id: topupId, request_key: requestKey } = begun.state;
      const started = await provider.startTopup({ topupId, userId, amountCents, requestKey });
      return finishIdempotent<TopupAnswer>(db, userId, begun.key, async (tx) => {
        if (started.status === 'redirect') {
          await repo.setTopupProviderRef(tx, topupId, started.providerRef);
          return { status: 201, body: { status: 'pending', checkout_url: started.checkoutUrl } };
        }
        await creditTopup(tx, { id: topupId, userId, amountCents }, provider.testMode);
        return {
          status: 201,
          body: {
            status: 'credited',
            balance_cents: await balanceOf(tx, { kind: 'wallet', userId }),
          },
        };
      });
    },

    /** A provider's signed confirmation; a replay or a duplicate delivery credits nothing. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      let confirmed;
      try {
        confirmed = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new BadRequestError('Invalid webhook signature.', {}, 'invalid_webhook_signature');
        }
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
        await creditTopup(tx, { ...topup, userId: topup.userId }, provider.testMode);
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
          // Test mode pays into a simulated account, so an operator can try the whole flow; the
          // request's ledger line says so for good (`repo.testAccountPayouts`).
          const testAccount = provider.testMode;
          const payout = await repo.insertPayout(tx, creatorId, amountCents);
          await postMovement(tx, {
            kind: 'payout_request',
            payerId: creatorId,
            payeeId: null,
            amountCents,
            reference: {
              payout_id: payout.id,
              ...(testAccount ? { account: repo.TEST_ACCOUNT } : {}),
            },
            paysOutTestMoney: testAccount,
            legs: [
              { account: { kind: 'earnings', userId: creatorId }, amountCents: -amountCents },
              { account: { kind: 'payout_clearing' }, amountCents },
            ],
          }).catch(async (error: unknown) => {
            if (!(error instanceof InsufficientFundsError)) throw error;
            throw await payoutRefusal(tx, creatorId, amountCents, testAccount);
          });
          return { status: 201, body: presentPayout(payout, testAccount) };
        },
      );
    },

    async listPayouts(creatorId: number) {
      const rows = await repo.listPayoutsOf(db, creatorId);
      const test = await repo.testAccountPayouts(db, rows);
      return rows.map((row) => presentPayout(row, test.has(row.id)));
    },

    async listPayoutsForAdmin(status: 'requested' | 'paid') {
      const rows = await repo.listPayoutsByStatus(db, [status]);
      const test = await repo.testAccountPayouts(
        db,
        rows.map((row) => row.payout),
      );
      return rows.map((row) => ({
        ...presentPayout(row.payout, test.has(row.payout.id)),
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
        const test = await repo.testAccountPayouts(tx, [payout]);
        return presentPayout(payout, test.has(payout.id));
      });
    },
  };
}
