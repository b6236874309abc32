import type { OrderItem } from '../api/get-order';

/** How an order's lines read (booking confirmation, order detail). */

const PERIODS = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;

/** 'for 12 months' / 'for 1 year' (singular when 1; joining §4 payment option type). */
export const fixedTermText = (duration: number | null, period: keyof typeof PERIODS | null) =>
  duration && period ? `for ${duration} ${PERIODS[period]}${duration === 1 ? '' : 's'}` : null;

/**
 * The rows an order's item shows: where and when for activities; for a membership its home centre, start date,
 * how it is paid, its fees (the pro-rata with its dates, the code applied by name) and its direct debit mandate
 * (joining §3 Order: membership item). The receipt shows the same.
 */
export function orderItemRows(item: OrderItem): [string, string][] {
  const m = item.membership;
  const rows: [string, string | null | undefined][] = m
    ? [
        ['Home centre', m.homeVenue.name],
        ['Start date', m.startDate],
        [
          'Payment',
          m.paymentType === 'recurring'
            ? `${m.baseFee.price.formatted} per month`
            : [
                m.baseFee.price.formatted,
                fixedTermText(m.paymentOption.fixedDuration, m.paymentOption.fixedPeriod),
              ]
                .filter(Boolean)
                .join(' '),
        ],
        [
          'First monthly payment',
          m.paymentType === 'recurring' ? m.paymentOption.prettyFirstBillingDate : null,
        ],
        ...m.fees.map((fee): [string, string] => [
          fee.detail ? `${fee.label} (${fee.detail})` : fee.label,
          fee.price.formatted,
        ]),
        ['Direct debit mandate reference', m.mandateReference],
      ]
    : [
        ['Venue', item.venueName],
        ['Date', item.datePretty ?? item.date],
        ['Time', item.startTime && item.endTime ? `${item.startTime} - ${item.endTime}` : item.startTime],
        ['Location', item.locationName],
      ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}
