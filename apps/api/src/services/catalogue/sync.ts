/**
 * Writing one kind of catalogue entity: rows matched to the file's entries by key (rows from before catalogues by
 * the key derived from their name, as export writes it), updated or inserted, and the rows the file no longer lists
 * archived — never deleted, since bookings, memberships and orders keep pointing at them.
 */
import { keysFor } from './keys.ts';

export type SyncRow = { id: number; archivedAt?: Date | null };

export async function syncKeyed<Row extends SyncRow, Item extends { key: string }>(input: {
  /** Every row in scope (archived too), in the order read.ts lists them. */
  rows: Row[];
  items: Item[];
  storedKey: (row: Row) => string | null;
  name: (row: Row) => string;
  insert: (item: Item, index: number) => Promise<Row>;
  update: (row: Row, item: Item, index: number) => Promise<void>;
  /** Omitted: rows no longer listed are left as they are (the kind cannot be archived). */
  archive?: (row: Row) => Promise<void>;
}): Promise<Map<string, Row>> {
  const live = input.rows.filter((r) => !r.archivedAt);
  const liveKeys = keysFor(live, input.storedKey, input.name);
  const byKey = new Map<string, Row>();
  for (const [i, row] of live.entries()) byKey.set(liveKeys[i]!, row);
  // An archived row with its key comes back when the file lists it again.
  for (const row of input.rows) {
    const key = input.storedKey(row);
    if (row.archivedAt && key && !byKey.has(key)) byKey.set(key, row);
  }
  const result = new Map<string, Row>();
  for (const [index, item] of input.items.entries()) {
    const row = byKey.get(item.key);
    if (row) {
      await input.update(row, item, index);
      result.set(item.key, row);
    } else result.set(item.key, await input.insert(item, index));
  }
  if (input.archive) {
    for (const [key, row] of byKey) if (!result.has(key) && !row.archivedAt) await input.archive(row);
  }
  return result;
}
