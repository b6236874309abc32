import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Makes the first row inserted into `table` fail as PostgreSQL fails a transaction it ends to break a deadlock
 * (40P01), and only the first: a sequence counts the tries, and it is not rolled back with them. One statement a
 * call: PGlite runs each as a named statement. `remove()` puts the table back.
 */
async function deadlockOnFirstInsert(db: Db, table: string) {
  const name = `conflict_once_${table}`;
  await db.execute(sql.raw(`create sequence ${name}_tries`));
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if nextval('${name}_tries') = 1 then
          raise exception 'deadlock detected' using errcode = '40P01';
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
  );
  return {
    /** How many inserts were tried: 2 when the transaction ran again once. */
    tries: async () => {
      const result = (await db.execute(sql.raw(`select last_value from ${name}_tries`))) as unknown as {
        rows: { last_value: string | number }[];
      };
      return Number(result.rows[0]!.last_value);
    },
    remove: async () => {
      await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
      await db.execute(sql.raw(`drop function ${name}()`));
      await db.execute(sql.raw(`drop sequence ${name}_tries`));
    },
  };
}

/**
 * Runs `run` with the first row inserted into `table` failing as in a deadlock (above), and puts the table back
 * however it ends. Gives what `run` returned and how many inserts were tried: 2 when the transaction ran again once.
 */
export async function afterOneDeadlock<T>(db: Db, table: string, run: () => Promise<T>) {
  const conflict = await deadlockOnFirstInsert(db, table);
  try {
    const result = await run();
    return { result, tries: await conflict.tries() };
  } finally {
    await conflict.remove();
  }
}
