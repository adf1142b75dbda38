import { Readable } from 'node:stream';
import { AUDIENCE_CSV_COLUMNS } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { findUserById } from '../users/index.ts';
import { csvRow } from './csv.ts';
import { listEmailShares, withdrawEmailShare } from './email-shares.ts';
import { audiencePage } from './repo.ts';

/** Fans read per query while streaming: memory stays bounded however large the audience. */
export const AUDIENCE_PAGE_SIZE = 500;

export const NOT_A_CREATOR_MESSAGE = 'Only creators have an audience to export.';

export type AudienceService = ReturnType<typeof createAudienceService>;

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function createAudienceService(deps: { db: Database }) {
  const { db } = deps;

  async function* rows(creatorId: number): AsyncGenerator<string> {
    yield csvRow(AUDIENCE_CSV_COLUMNS);
    let afterId = 0;
    for (;;) {
      const page = await audiencePage(db, creatorId, afterId, AUDIENCE_PAGE_SIZE);
      for (const fan of page) {
        yield csvRow([
          fan.username,
          fan.status,
          fan.since.toISOString(),
          dollars(fan.spendCents),
          fan.email ?? '',
        ]);
      }
      const last = page.at(-1);
      if (!last || page.length < AUDIENCE_PAGE_SIZE) return;
      afterId = last.id;
    }
  }

  return {
    /**
     * The creator's audience as a CSV stream, read a page at a time. Checked before streaming
     * starts, so a refusal is a plain 403 and not a broken download.
     */
    async exportCsv(userId: number): Promise<{ filename: string; body: Readable }> {
      const user = await findUserById(db, userId);
      if (!user) throw new NotFoundError('User not found');
      if (!user.isCreator) throw new ForbiddenError(NOT_A_CREATOR_MESSAGE);
      const day = new Date().toISOString().slice(0, 10);
      return { filename: `zura-audience-${day}.csv`, body: Readable.from(rows(user.id)) };
    },

    listEmailShares: (fanId: number) => listEmailShares(db, fanId),

    async withdrawEmailShare(fanId: number, creatorId: number) {
      if (!(await withdrawEmailShare(db, fanId, creatorId))) {
        throw new NotFoundError('You do not share your email with this creator.');
      }
      return { message: 'This creator no longer sees your email.' };
    },
  };
}
