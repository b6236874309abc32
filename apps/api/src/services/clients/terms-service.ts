import type { TermsKind } from '@fieldhouse/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { terms } from '../../db/schema.ts';
import { sanitiseHtml } from '../../lib/sanitise-html.ts';

/** The client's terms of one kind (checkout by default), HTML sanitised. */
export async function findCheckoutTerms(db: DbOrTx, clientId: number, kind: TermsKind = 'checkout') {
  const rows = await db
    .select()
    .from(terms)
    .where(and(eq(terms.clientId, clientId), eq(terms.kind, kind), isNull(terms.archivedAt)))
    .orderBy(asc(terms.sortOrder), asc(terms.id));
  return rows.map((t) => ({ id: t.id, title: t.title, html: sanitiseHtml(t.html) }));
}

export async function hasCheckoutTerms(db: DbOrTx, clientId: number) {
  const [row] = await db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.clientId, clientId), eq(terms.kind, 'checkout'), isNull(terms.archivedAt)))
    .limit(1);
  return Boolean(row);
}

/** Whether the client has terms of a kind (the joining kinds must then be accepted). */
export async function hasTerms(db: DbOrTx, clientId: number, kind: TermsKind) {
  const [row] = await db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.clientId, clientId), eq(terms.kind, kind), isNull(terms.archivedAt)))
    .limit(1);
  return Boolean(row);
}
