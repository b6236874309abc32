import { describe, expect, it } from 'vitest';
import {
  creditAmount,
  fromCartPayments,
  type OfflinePayment,
  offlinePaymentsReducer as reduce,
  samePayments,
} from './offline-payments';

const cash = (amount: number): OfflinePayment => ({ tenderType: 'cash', amount });
const credit = (amount: number): OfflinePayment => ({ tenderType: 'credit', amount });
const voucher = (amount: number): OfflinePayment => ({ tenderType: 'offline-voucher', amount });
const cheque = (amount: number): OfflinePayment => ({ tenderType: 'cheque', amount });

describe('offline payments reducer', () => {
  it('adds a payment', () => {
    expect(reduce([], { type: 'add', payment: cash(500) })).toEqual([cash(500)]);
  });

  it('adding cash replaces an earlier cash payment', () => {
    const state = [cash(500), voucher(200)];
    expect(reduce(state, { type: 'add', payment: cash(300) })).toEqual([voucher(200), cash(300)]);
  });

  it('adding credit replaces an earlier credit payment', () => {
    const state = [credit(650), cash(100)];
    expect(reduce(state, { type: 'add', payment: credit(200) })).toEqual([cash(100), credit(200)]);
  });

  it('keeps several vouchers and cheques', () => {
    const state = [voucher(200), cheque(100)];
    expect(reduce(state, { type: 'add', payment: voucher(300) })).toEqual([
      voucher(200),
      cheque(100),
      voucher(300),
    ]);
  });

  it('an amount of zero or less removes that kind of payment', () => {
    const state = [cash(500), credit(200), voucher(100)];
    expect(reduce(state, { type: 'add', payment: cash(0) })).toEqual([credit(200), voucher(100)]);
    expect(reduce(state, { type: 'add', payment: credit(-5) })).toEqual([cash(500), voucher(100)]);
    expect(reduce(state, { type: 'add', payment: voucher(0) })).toEqual([cash(500), credit(200)]);
    expect(reduce([], { type: 'add', payment: cash(0) })).toEqual([]);
  });

  it('removes one payment by position', () => {
    expect(reduce([voucher(1), voucher(2)], { type: 'remove', index: 0 })).toEqual([voucher(2)]);
  });

  it('removing a basket item keeps only credit payments', () => {
    const state = [cash(500), credit(200), voucher(100), cheque(50)];
    expect(reduce(state, { type: 'item-removed' })).toEqual([credit(200)]);
  });

  it('server cart payments re-sync credit and keep the other tenders', () => {
    const state = [cash(500), credit(200)];
    expect(reduce(state, { type: 'sync', serverPayments: [credit(150), cash(999)] })).toEqual([
      cash(500),
      credit(150),
    ]);
    expect(reduce(state, { type: 'sync', serverPayments: [] })).toEqual([cash(500)]);
    expect(reduce([], { type: 'sync', serverPayments: [credit(0)] })).toEqual([]);
  });

  it('resets', () => {
    expect(reduce([cash(1)], { type: 'reset' })).toEqual([]);
  });

  it('never mutates its input', () => {
    const state = Object.freeze([cash(500), credit(100)]) as OfflinePayment[];
    reduce(state, { type: 'add', payment: cash(1) });
    reduce(state, { type: 'item-removed' });
    expect(state).toEqual([cash(500), credit(100)]);
  });
});

describe('helpers', () => {
  it('compares, converts and sums', () => {
    expect(samePayments([cash(1)], [cash(1)])).toBe(true);
    expect(samePayments([cash(1)], [cash(2)])).toBe(false);
    expect(samePayments([cash(1)], [])).toBe(false);
    expect(fromCartPayments([{ tenderType: 'credit', amount: { raw: 300, formatted: '£3.00' } }])).toEqual([
      credit(300),
    ]);
    expect(creditAmount([credit(100), cash(5), credit(50)])).toBe(150);
  });
});
