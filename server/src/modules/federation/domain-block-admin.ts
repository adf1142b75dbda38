import type { Database } from '../../db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import {
  deleteDomainBlock,
  insertDomainBlock,
  listDomainBlocks,
  normalizeDomain,
} from './domain-blocks.ts';

type BlockRow = Awaited<ReturnType<typeof listDomainBlocks>>[number];

function present(row: BlockRow) {
  return {
    id: row.id,
    domain: row.domain,
    reason: row.reason,
    blocked_by: row.blockedBy,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Defederation, for admins: block a remote domain (and its subdomains), list the blocks, lift
 * one. Each block and lift is written to the audit log in its own transaction.
 */
export function createDomainBlockAdmin(deps: { db: Database; audit: AuditLog }) {
  const { db, audit } = deps;
  return {
    async list() {
      return { results: (await listDomainBlocks(db)).map(present) };
    },

    async block(adminId: number, input: { domain: string; reason: string }) {
      const domain = normalizeDomain(input.domain);
      if (!domain) throw new BadRequestError('Enter a domain, such as example.social.');
      const made = await db.transaction(async (tx) => {
        const result = await insertDomainBlock(tx, {
          domain,
          reason: input.reason,
          blockedBy: adminId,
        });
        if (!result) return undefined;
        await audit.record(tx, {
          actorId: adminId,
          action: 'domain_blocked',
          targetType: 'federation_domain',
          targetId: result.block.id,
          reason: input.reason || null,
          details: { domain, followers_removed: result.followersRemoved },
        });
        return result;
      });
      if (!made) throw new ConflictError(`${domain} is already blocked.`);
      return { block: present(made.block), followers_removed: made.followersRemoved };
    },

    async unblock(adminId: number, id: number) {
      const removed = await db.transaction(async (tx) => {
        const row = await deleteDomainBlock(tx, id);
        if (!row) return undefined;
        await audit.record(tx, {
          actorId: adminId,
          action: 'domain_unblocked',
          targetType: 'federation_domain',
          targetId: row.id,
          details: { domain: row.domain },
        });
        return row;
      });
      if (!removed) throw new NotFoundError('No such domain block.');
    },
  };
}
