import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { freezeRequests, memberships, membershipTypes } from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import {
  addDays,
  addMonths,
  type LocalDate,
  parseLocalDate,
  prettyDate,
  toLocalDate,
} from '../../lib/local-date.ts';

/**
 * A membership's status_info (account-shell §4: the line under its status), derived on every read from the rows
 * that decide it, never stored (issue 14): what the member is waiting for, or what is about to happen.
 */
export const AWAITING_PAYMENT = 'Awaiting payment';
export const FREEZE_PENDING_APPROVAL = 'freeze pending approval';
/** An approved freeze that has not started yet. */
export const FREEZE_PENDING = 'freeze pending';
/** A frozen membership, e.g. 'Frozen until 30 April 2026' (its last frozen day). */
export const frozenUntil = (lastDay: LocalDate) => `Frozen until ${prettyDate(lastDay)}`;

/** The last frozen day of a freeze: active_from + months − 1 day (as the member was shown it). */
export const lastFrozenDay = (activeFrom: LocalDate | string, months: number): LocalDate =>
  addDays(addMonths(typeof activeFrom === 'string' ? toLocalDate(activeFrom) : activeFrom, months), -1);

type FreezeFact = { status: string; startedAt: Date | null; activeFrom: string; months: number };
type ReplacementFact = { name: string; startDate: string };
/**
 * What a membership's status_info is derived from besides its own row: its latest open freeze request, whether any
 * freeze waits (for approval, or approved and not started), and the paid change replacing it.
 */
export type StatusFacts = {
  freeze: FreezeFact | null;
  freezePending: boolean;
  replacement: ReplacementFact | null;
};

/**
 * In order: unpaid in a basket; frozen (until its last day); a freeze waiting for approval, or approved and not yet
 * started (of a live membership); replaced by a change (after its start 'Changed to …', before it 'Changing to … on …'); otherwise none.
 */
export function statusInfoOf(
  membership: { status: string; awaitingPayment: boolean },
  facts: StatusFacts | undefined,
): string | null {
  if (membership.awaitingPayment) return AWAITING_PAYMENT;
  // A freeze concerns a live membership only: one cancelled or ended meanwhile never starts it.
  const freeze = (LIVE_MEMBERSHIP_STATUSES as readonly string[]).includes(membership.status)
    ? facts?.freeze
    : null;
  if (freeze?.status === 'approved' && freeze.startedAt && membership.status === 'frozen')
    return frozenUntil(lastFrozenDay(freeze.activeFrom, freeze.months));
  if (freeze?.status === 'pending_approval') return FREEZE_PENDING_APPROVAL;
  if (freeze?.status === 'approved' && !freeze.startedAt) return FREEZE_PENDING;
  const replacement = facts?.replacement;
  if (replacement) {
    if (membership.status === 'expired') return `Changed to ${replacement.name}`;
    const start = parseLocalDate(replacement.startDate);
    return `Changing to ${replacement.name} on ${start ? prettyDate(start) : replacement.startDate}`;
  }
  return null;
}

/** The facts of each membership: its latest open freeze request and the (paid) membership that replaces it. */
export async function loadStatusFacts(
  db: DbOrTx,
  membershipIds: number[],
): Promise<Map<number, StatusFacts>> {
  const facts = new Map<number, StatusFacts>();
  if (!membershipIds.length) return facts;
  const [freezes, replacements] = await Promise.all([
    db
      .select({
        membershipId: freezeRequests.membershipId,
        status: freezeRequests.status,
        startedAt: freezeRequests.startedAt,
        activeFrom: freezeRequests.activeFrom,
        months: freezeRequests.months,
      })
      .from(freezeRequests)
      .where(
        and(
          inArray(freezeRequests.membershipId, membershipIds),
          or(
            eq(freezeRequests.status, 'pending_approval'),
            and(eq(freezeRequests.status, 'approved'), isNull(freezeRequests.endedAt)),
          ),
        ),
      )
      .orderBy(desc(freezeRequests.id)),
    db
      .select({
        replacedId: memberships.replacesMembershipId,
        name: membershipTypes.name,
        startDate: memberships.startDate,
      })
      .from(memberships)
      .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
      .where(
        and(inArray(memberships.replacesMembershipId, membershipIds), eq(memberships.awaitingPayment, false)),
      )
      .orderBy(desc(memberships.id)),
  ]);
  const factsOf = (id: number) => {
    const known = facts.get(id);
    if (known) return known;
    const fresh: StatusFacts = { freeze: null, freezePending: false, replacement: null };
    facts.set(id, fresh);
    return fresh;
  };
  for (const { membershipId, ...freeze } of freezes) {
    const f = factsOf(membershipId);
    f.freeze ??= freeze;
    if (freeze.status === 'pending_approval' || !freeze.startedAt) f.freezePending = true;
  }
  for (const { replacedId, ...replacement } of replacements) factsOf(replacedId!).replacement ??= replacement;
  return facts;
}

/** status_info of the given memberships, by id. */
export async function findStatusInfo(
  db: DbOrTx,
  rows: { id: number; status: string; awaitingPayment: boolean }[],
): Promise<Map<number, string | null>> {
  const facts = await loadStatusFacts(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, statusInfoOf(r, facts.get(r.id))]));
}
