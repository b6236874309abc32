import type { TenderType } from '@fieldhouse/contract';
import type { Cart } from '../api/get-cart';

/** A payment other than the card: credit, or a front-of-house tender (cash, offline voucher, cheque). */
export interface OfflinePayment {
  tenderType: TenderType;
  /** Minor units (pence). */
  amount: number;
}

export type OfflinePaymentsAction =
  /** Adding a cash or credit tender replaces any earlier one of the same kind; an amount ≤ 0 removes it. */
  | { type: 'add'; payment: OfflinePayment }
  /** Removes one payment by its position (e.g. one of several vouchers). */
  | { type: 'remove'; index: number }
  /** A basket item was removed: only credit payments survive. */
  | { type: 'item-removed' }
  /** The server's cart payments arrived: its credit payment replaces ours, other tenders stay. */
  | { type: 'sync'; serverPayments: readonly OfflinePayment[] }
  | { type: 'reset' };

/** Tenders of which a basket holds at most one payment. */
const SINGLE_TENDERS: readonly TenderType[] = ['cash', 'credit'];

/** Offline payments (spec account-shell §4 Basket). Pure: returns a new list, never mutates. */
export function offlinePaymentsReducer(
  state: readonly OfflinePayment[],
  action: OfflinePaymentsAction,
): OfflinePayment[] {
  switch (action.type) {
    case 'add': {
      const { tenderType, amount } = action.payment;
      if (amount <= 0) return state.filter((p) => p.tenderType !== tenderType);
      const kept = SINGLE_TENDERS.includes(tenderType)
        ? state.filter((p) => p.tenderType !== tenderType)
        : [...state];
      return [...kept, { tenderType, amount }];
    }
    case 'remove':
      return state.filter((_, index) => index !== action.index);
    case 'item-removed':
      return state.filter((p) => p.tenderType === 'credit');
    case 'sync': {
      const serverCredit = action.serverPayments.filter((p) => p.tenderType === 'credit' && p.amount > 0);
      return [...state.filter((p) => p.tenderType !== 'credit'), ...serverCredit.map((p) => ({ ...p }))];
    }
    case 'reset':
      return [];
  }
}

/** Same tenders and amounts in the same order. */
export const samePayments = (a: readonly OfflinePayment[], b: readonly OfflinePayment[]): boolean =>
  a.length === b.length && a.every((p, i) => p.tenderType === b[i]?.tenderType && p.amount === b[i]?.amount);

/** The cart's payments (money objects on the wire) as reducer state. */
export const fromCartPayments = (payments: readonly Cart['payments'][number][]): OfflinePayment[] =>
  payments.map((p) => ({ tenderType: p.tenderType, amount: p.amount.raw }));

export const creditAmount = (payments: readonly OfflinePayment[]): number =>
  payments.filter((p) => p.tenderType === 'credit').reduce((sum, p) => sum + p.amount, 0);
