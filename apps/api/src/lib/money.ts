import type { Money } from '@fieldhouse/contract';

const poundFormatter = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Formats integer pence as pounds: 123450 → '£1,234.50', -300 → '-£3.00'. */
export function formatMoney(pence: number): string {
  if (!Number.isInteger(pence)) throw new TypeError(`Money must be integer pence, got ${pence}`);
  const sign = pence < 0 ? '-' : '';
  return `${sign}£${poundFormatter.format(Math.abs(pence) / 100)}`;
}

export function toMoney(pence: number): Money {
  return { raw: pence, formatted: formatMoney(pence) };
}
