import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client.ts';

/** The rows of a raw statement on either engine (node-postgres and PGlite give them in different shapes). */
export async function executeRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * A numbered reference ('FH100001', 'M-100001'): its prefix, the sequence its numbers come from, and the table and
 * column that hold it (unique). Decision 056.
 */
export type NumberedReference = {
  prefix: string;
  sequence: string;
  table: string;
  column: string;
  first: number;
};

/**
 * The next reference from its sequence: one statement, no lock, no scan, so it costs the same with a million rows
 * and never makes two transactions wait on each other. A number the table already holds (given by hand: the demo
 * seed numbers its members and its first membership) is skipped: the first such clash moves the sequence past the
 * highest number given (one scan), and the unique index has the last word.
 */
export async function nextReference(tx: Tx, ref: NumberedReference): Promise<string> {
  const table = sql.identifier(ref.table);
  const column = sql.identifier(ref.column);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [free] = await executeRows<{ reference: string }>(
      tx,
      sql`select r.reference from (select ${ref.prefix}::text || nextval(${ref.sequence}::regclass) as reference) r
        where not exists (select 1 from ${table} t where t.${column} = r.reference)`,
    );
    if (free) return free.reference;
    await tx.execute(
      sql`select setval(${ref.sequence}::regclass, greatest(coalesce((select max(substring(${column} from ${ref.prefix.length + 1}::int)::bigint)
        from ${table} where ${column} ~ ${`^${ref.prefix}[0-9]{6,}$`}), 0), ${ref.first - 1}))`,
    );
  }
  throw new Error(`No free ${ref.table}.${ref.column} after moving ${ref.sequence} past the highest one`);
}
