/**
 * `npm run admin:create -- --email someone@example.com`: gives an existing account the admin
 * role (review of creator applications, payouts). Sign up first, then run this.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/index.ts';
import { withCliDatabase } from '../db/cli-database.ts';
import { createDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { users } from '../db/schema/index.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email?.trim();
  if (!email) {
    console.error('Usage: npm run admin:create -- --email someone@example.com');
    return 2;
  }
  const config = loadConfig();
  return withCliDatabase(config, async (databaseUrl) => {
    const database = createDatabase(databaseUrl, 1);
    try {
      await runMigrations(database.db);
      const updated = await database.db
        .update(users)
        .set({ isAdmin: true })
        .where(sql`lower(${users.email}) = lower(${email})`)
        .returning({ username: users.username });
      if (updated.length === 0) {
        console.error(`No account with the email ${email}. Sign up first, then run this again.`);
        return 1;
      }
      console.log(`${updated[0]?.username} (${email}) is now an admin.`);
      return 0;
    } finally {
      await database.close();
    }
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
