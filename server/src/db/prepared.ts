import type pg from 'pg';
import type { QueryResultRow } from 'pg';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs raw SQL as a named prepared statement: parsed once per connection, and after a few runs
 * planned once too. For hot queries whose planning costs more than their execution. Each name
 * must always carry the same SQL text (only the values may differ): give every shape of a query
 * its own name.
 */
export async function executePrepared<Row extends QueryResultRow>(
  db: Database,
  name: string,
  query: SQL,
): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // `drizzle(pool)` keeps its pool as `$client`; the Database type leaves it out.
  const pool = (db as Database & { $client: pg.Pool }).$client;
  const result = await pool.query<Row>({ name, text, values: params });
  return result.rows;
}

/**
 * A hot statement whose SQL is built once: written with `sql.placeholder(name)` for every value,
 * compiled to text on first use and filled with each call's values, so a call spends nothing on
 * building the query (drizzle's walk over a large template costs more than a small statement's
 * execution). The same rules as `executePrepared`.
 */
export function definePrepared<Row extends QueryResultRow>(name: string, build: () => SQL) {
  let compiled: { sql: string; params: unknown[] } | undefined;
  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    compiled ??= dialect.sqlToQuery(build());
    const pool = (db as Database & { $client: pg.Pool }).$client;
    const result = await pool.query<Row>({
      name,
      text: compiled.sql,
      values: fillPlaceholders(compiled.params, values),
    });
    return result.rows;
  };
}
