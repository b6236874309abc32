/**
 * Credit balances from the ledger, as a pure function (the service loads the rows).
 *
 * Each positive row is a lot of credit that may expire; each negative row spends credit. A spend uses the lots
 * that were still good at that moment, the soonest to expire first (credit without an expiry last, then oldest
 * first), so credit that is used up cannot expire afterwards and credit that expires unused stops counting. The
 * available balance is what is left of the lots still good now. Spending more than the good lots held (only
 * possible with hand-made data) is carried forward against later lots, so a balance is never overstated; it is
 * never negative.
 */

export type CreditKind = 'general' | 'membership';

export type LedgerRow = {
  id: number;
  kind: CreditKind;
  /** Pence: positive added, negative spent. */
  amount: number;
  expiresAt: Date | null;
  createdAt: Date;
};

export type CreditBalances = Record<CreditKind, number>;

type Lot = { remaining: number; expiresAt: Date | null; createdAt: Date; id: number };

const goodAt = (lot: Lot, at: Date) => lot.expiresAt === null || lot.expiresAt.getTime() > at.getTime();

const bySoonestExpiry = (a: Lot, b: Lot) => {
  const ea = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const eb = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return ea - eb || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
};

/** Credit of one kind still available at `now`. */
export function availableCredit(rows: Omit<LedgerRow, 'kind'>[], now: Date): number {
  const ordered = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const lots: Lot[] = [];
  let debt = 0;
  for (const row of ordered) {
    if (row.amount > 0) {
      const covered = Math.min(debt, row.amount);
      debt -= covered;
      lots.push({
        remaining: row.amount - covered,
        expiresAt: row.expiresAt,
        createdAt: row.createdAt,
        id: row.id,
      });
      continue;
    }
    let toSpend = -row.amount;
    for (const lot of lots.filter((l) => l.remaining > 0 && goodAt(l, row.createdAt)).sort(bySoonestExpiry)) {
      const used = Math.min(lot.remaining, toSpend);
      lot.remaining -= used;
      toSpend -= used;
      if (toSpend === 0) break;
    }
    debt += toSpend;
  }
  const left = lots.filter((l) => goodAt(l, now)).reduce((sum, l) => sum + l.remaining, 0);
  return Math.max(0, left - debt);
}

/** Available credit per kind. */
export function creditBalances(rows: LedgerRow[], now: Date): CreditBalances {
  return {
    general: availableCredit(
      rows.filter((r) => r.kind === 'general'),
      now,
    ),
    membership: availableCredit(
      rows.filter((r) => r.kind === 'membership'),
      now,
    ),
  };
}
