import { CASH_UP_TEXTS, type CashUpDay } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executeRows } from '../../../db/references.ts';
import { type CsvColumn, toCsv } from '../../../lib/csv.ts';
import { fieldError } from '../../../lib/http-errors.ts';
import { toMoney } from '../../../lib/money.ts';
import { venueDate, venueDateAtTime } from '../../../lib/venue-time.ts';
import type { VenueScope } from '../desk/shared.ts';
import { figures, readTillSessions } from './till-figures.ts';

type DayRow = {
  total: number;
  venue_id: number;
  venue_name: string;
  time_zone: string;
  day: string;
  closed_by: string | null;
  closed_at: Date | string | null;
  nt_cash: number;
  nt_cheques: number;
  nt_vouchers: number;
  nt_orders: number;
  nt_refunded: number;
};

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The period asked for: `to` defaults to today (London), `from` to 30 days before `to`; at most 366 days. */
export function cashUpPeriod(query: { from?: string; to?: string }, now: Date) {
  const to = query.to ?? venueDate(now);
  const from = query.from ?? addDays(to, -30);
  if (from > to) throw fieldError('to', CASH_UP_TEXTS.rangeOrder);
  if (addDays(from, 366) <= to) throw fieldError('from', CASH_UP_TEXTS.rangeTooLong);
  return { from, to };
}

/**
 * The cash-up by venue and day (decision 083), newest day first, a page of days at a time: every day of a venue in
 * scope with a till session, a desk payment or cash refund without a till, or a day close. One statement finds the
 * page of days with their 'No till' figures and close; a second reads those days' till sessions with their figures.
 *
 * 'No till': desk orders (orders.staff_id set) of the venue with no till session, and cash refunds staff handed over
 * with none, on the venue-local day they were made, or the next day when that day's cash-up was already closed when
 * they were made (a closed day never changes). Orders on orders_venue_created_idx; refunds on refunds_cash_created_idx.
 */
export async function findCashUpDays(
  db: DbOrTx,
  input: {
    clientId: number;
    scope: VenueScope;
    venueId?: number;
    from: string;
    to: string;
    page: number;
    perPage: number;
  },
) {
  const { from, to } = input;
  const scoped = [
    sql`v.client_id = ${input.clientId}`,
    ...(input.scope.venueIds === 'all'
      ? []
      : input.scope.venueIds.length === 0
        ? [sql`false`]
        : [
            sql`v.id in (${sql.join(
              input.scope.venueIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ]),
  ];
  const venueFilter = {
    all: sql.join(scoped, sql` and `),
    chosen: sql.join([...scoped, ...(input.venueId ? [sql`v.id = ${input.venueId}`] : [])], sql` and `),
  };
  // Instants wide enough for every zone's days from `from` to `to`; each row is then placed on its venue's day.
  const lower = `${addDays(from, -1)}T00:00:00Z`;
  const upper = `${addDays(to, 2)}T00:00:00Z`;
  const rows = await executeRows<DayRow>(
    db,
    sql`
    with v as (select id, name, time_zone from venues v where ${venueFilter.chosen}),
    nt_orders as (
      select o.venue_id,
        ((o.created_at at time zone v.time_zone)::date + case when exists (
          select 1 from till_day_closes dc where dc.venue_id = o.venue_id
            and dc.business_date = (o.created_at at time zone v.time_zone)::date and dc.closed_at <= o.created_at
        ) then 1 else 0 end) as day,
        sum(p.amount) filter (where p.tender_type = 'cash') as cash,
        sum(p.amount) filter (where p.tender_type = 'cheque') as cheques,
        sum(p.amount) filter (where p.tender_type = 'offline-voucher') as vouchers,
        count(distinct o.id) as orders
      from orders o
      join v on v.id = o.venue_id
      join payments p on p.order_id = o.id and p.tender_type in ('cash', 'cheque', 'offline-voucher')
      where o.created_at >= ${lower}::timestamptz and o.created_at < ${upper}::timestamptz
        and o.staff_id is not null and o.till_session_id is null
      group by 1, 2
    ),
    nt_refunds as (
      select o.venue_id,
        ((r.created_at at time zone v.time_zone)::date + case when exists (
          select 1 from till_day_closes dc where dc.venue_id = o.venue_id
            and dc.business_date = (r.created_at at time zone v.time_zone)::date and dc.closed_at <= r.created_at
        ) then 1 else 0 end) as day,
        sum(r.amount) as refunded
      from refunds r
      join orders o on o.id = r.order_id
      join v on v.id = o.venue_id
      where r.destination = 'cash' and r.created_at >= ${lower}::timestamptz and r.created_at < ${upper}::timestamptz
        and r.till_session_id is null and r.staff_id is not null and r.status = 'succeeded'
      group by 1, 2
    ),
    days as (
      select ts.venue_id, ts.business_date as day from till_sessions ts join v on v.id = ts.venue_id
        where ts.business_date between ${from}::date and ${to}::date
      union select venue_id, day from nt_orders where day between ${from}::date and ${to}::date
      union select venue_id, day from nt_refunds where day between ${from}::date and ${to}::date
      union select dc.venue_id, dc.business_date from till_day_closes dc join v on v.id = dc.venue_id
        where dc.business_date between ${from}::date and ${to}::date
    )
    select (count(*) over ())::int as total, d.venue_id, v.name as venue_name, v.time_zone, d.day::text as day,
      s.name as closed_by, dc.closed_at,
      coalesce(no.cash, 0)::int as nt_cash, coalesce(no.cheques, 0)::int as nt_cheques,
      coalesce(no.vouchers, 0)::int as nt_vouchers, coalesce(no.orders, 0)::int as nt_orders,
      coalesce(nr.refunded, 0)::int as nt_refunded
    from days d
    join v on v.id = d.venue_id
    left join till_day_closes dc on dc.venue_id = d.venue_id and dc.business_date = d.day
    left join staff_accounts s on s.id = dc.closed_by
    left join nt_orders no on no.venue_id = d.venue_id and no.day = d.day
    left join nt_refunds nr on nr.venue_id = d.venue_id and nr.day = d.day
    order by d.day desc, v.name, d.venue_id
    limit ${input.perPage} offset ${(input.page - 1) * input.perPage}`,
  );
  const total = rows[0]?.total ?? 0;
  const sessions =
    rows.length === 0
      ? []
      : await readTillSessions(
          db,
          sql`(ts.venue_id, ts.business_date) in (${sql.join(
            rows.map((r) => sql`(${r.venue_id}::int, ${r.day}::date)`),
            sql`, `,
          )})`,
        );
  const days: CashUpDay[] = rows.map((r) => ({
    venue_id: r.venue_id,
    venue_name: r.venue_name,
    date: r.day,
    closed:
      r.closed_by && r.closed_at
        ? {
            by: r.closed_by,
            at: venueDateAtTime(
              r.closed_at instanceof Date ? r.closed_at : new Date(r.closed_at),
              r.time_zone,
            ),
          }
        : null,
    sessions: sessions.filter((s) => s.venue_id === r.venue_id && s.business_date === r.day),
    no_till: {
      taken: figures({ cash: r.nt_cash, cheque: r.nt_cheques, 'offline-voucher': r.nt_vouchers }),
      refunded_cash: toMoney(r.nt_refunded),
      orders: r.nt_orders,
    },
  }));
  const venues = await executeRows<{ id: number; name: string }>(
    db,
    sql`select v.id, v.name from venues v where ${venueFilter.all} order by v.name, v.id`,
  );
  const totalPages = Math.max(1, Math.ceil(total / input.perPage));
  const first = rows.length === 0 ? 0 : (input.page - 1) * input.perPage + 1;
  return {
    from,
    to,
    venues,
    days,
    pagination: {
      current_page: input.page,
      total_pages: totalPages,
      total_records: total,
      first_record_on_current_page: first,
      last_record_on_current_page: rows.length === 0 ? 0 : first + rows.length - 1,
    },
  };
}

type CsvRow = {
  date: string;
  venue: string;
  till: string;
  status: string;
  openedBy: string;
  closedBy: string;
  float: number | null;
  e: [number, number, number] | null;
  c: [number, number, number] | null;
  taken: [number, number, number];
  refunded: number;
  adj: [number, number, number];
  note: string;
  dayClosed: string;
};

const triple = (f: { cash: { raw: number }; cheque: { raw: number }; voucher: { raw: number } }) =>
  [f.cash.raw, f.cheque.raw, f.voucher.raw] as [number, number, number];

/** The report's CSV: one row per till session and one per venue-day's 'No till', through lib/csv.ts. */
export function cashUpCsv(days: CashUpDay[]) {
  const rows: CsvRow[] = [];
  for (const day of days) {
    const dayClosed = day.closed ? 'Yes' : 'No';
    for (const s of day.sessions) {
      const adj: [number, number, number] = [0, 0, 0];
      for (const a of s.adjustments)
        adj[['cash', 'cheque', 'offline-voucher'].indexOf(a.tender)]! += a.amount.raw;
      rows.push({
        date: day.date,
        venue: day.venue_name,
        till: s.till_name,
        status: s.status === 'open' ? 'Open' : 'Closed',
        openedBy: s.opened_by,
        closedBy: s.closed_by ?? '',
        float: s.float.raw,
        e: triple(s.expected),
        c: s.counted ? triple(s.counted) : null,
        taken: triple(s.taken),
        refunded: s.refunded_cash.raw,
        adj,
        note: s.note ?? '',
        dayClosed,
      });
    }
    const nt = day.no_till;
    if (nt.orders > 0 || nt.refunded_cash.raw > 0)
      rows.push({
        date: day.date,
        venue: day.venue_name,
        till: 'No till',
        status: '',
        openedBy: '',
        closedBy: '',
        float: null,
        e: null,
        c: null,
        taken: triple(nt.taken),
        refunded: nt.refunded_cash.raw,
        adj: [0, 0, 0],
        note: '',
        dayClosed,
      });
  }
  const tenders = ['Cash', 'Cheques', 'Vouchers'] as const;
  const columns: CsvColumn<CsvRow>[] = [
    { header: 'Date', kind: 'date', value: (r) => r.date },
    { header: 'Venue', kind: 'text', value: (r) => r.venue },
    { header: 'Till', kind: 'text', value: (r) => r.till },
    { header: 'Status', kind: 'text', value: (r) => r.status },
    { header: 'Opened by', kind: 'text', value: (r) => r.openedBy },
    { header: 'Closed by', kind: 'text', value: (r) => r.closedBy },
    { header: 'Float', kind: 'pounds', value: (r) => r.float },
    ...tenders.map(
      (t, i): CsvColumn<CsvRow> => ({ header: `${t} taken`, kind: 'pounds', value: (r) => r.taken[i] }),
    ),
    { header: 'Cash refunded', kind: 'pounds', value: (r) => r.refunded },
    ...tenders.flatMap((t, i): CsvColumn<CsvRow>[] => [
      { header: `${t} expected`, kind: 'pounds', value: (r) => r.e?.[i] },
      { header: `${t} counted`, kind: 'pounds', value: (r) => r.c?.[i] },
      { header: `${t} variance`, kind: 'pounds', value: (r) => (r.c && r.e ? r.c[i]! - r.e[i]! : null) },
      { header: `${t} adjustments`, kind: 'pounds', value: (r) => r.adj[i] },
    ]),
    { header: 'Note', kind: 'text', value: (r) => r.note },
    { header: 'Day closed', kind: 'text', value: (r) => r.dayClosed },
  ];
  return toCsv(columns, rows);
}
