import { cashUpReportCsv } from '@fieldhouse/contract/routes/cash-up';
import { useState } from 'react';
import { type CashUpReport, useCashUpReport } from '../../../../features/cash-up/api/get-cash-up-report';
import { formatMoney } from '../../../../lib/format';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { Pagination } from '../../../../ui/pagination';
import { CsvLink } from '../../../../ui/reports/csv-link';
import { type DataColumn, DataTable } from '../../../../ui/reports/data-table';
import { FigureList } from '../../../../ui/reports/figure-list';
import { ReportFilterBar } from '../../../../ui/reports/report-filter-bar';
import { Spinner } from '../../../../ui/spinner';
import { dayLabel, periodLabel } from './report-format';
import { useReportFilter } from './use-report-filter';

type Day = CashUpReport['days'][number];
type Figures = Day['sessions'][number]['expected'];

/** One line of the table: a till session, or a venue-day's takings without a till. */
interface Line {
  key: string;
  date: string;
  venue: string;
  till: string;
  status: string;
  expected: Figures | null;
  counted: Figures | null;
  variance: Figures | null;
  adjusted: number;
  taken: Figures;
  refunded: number;
}

const pence = (f: Figures | null, tender: keyof Figures) => (f ? formatMoney(f[tender].raw) : '–');

function linesOf(days: Day[]): Line[] {
  return days.flatMap((day) => {
    const sessions = day.sessions.map(
      (s): Line => ({
        key: `s${s.id}`,
        date: day.date,
        venue: day.venueName,
        till: s.tillName,
        status: s.status === 'open' ? 'Open' : day.closed ? 'Closed, day closed' : 'Closed',
        expected: s.expected,
        counted: s.counted,
        variance: s.variance,
        adjusted: s.adjustments.reduce((n, a) => n + (a.tender === 'cash' ? a.amount.raw : 0), 0),
        taken: s.taken,
        refunded: s.refundedCash.raw,
      }),
    );
    const nt = day.noTill;
    if (nt.orders === 0 && nt.refundedCash.raw === 0) return sessions;
    return [
      ...sessions,
      {
        key: `n${day.venueId}-${day.date}`,
        date: day.date,
        venue: day.venueName,
        till: 'No till',
        status: day.closed ? 'Day closed' : '',
        expected: null,
        counted: null,
        variance: null,
        adjusted: 0,
        taken: nt.taken,
        refunded: nt.refundedCash.raw,
      },
    ];
  });
}

/** Cash-up (issue 37 item 3, decision 083): each till session's expected, counted and variance by venue and day. */
export default function CashUpReportPage() {
  const [filter, setFilter] = useReportFilter();
  const [page, setPage] = useState(1);
  const report = useCashUpReport({ ...filter, page });
  const data = report.data;
  return (
    <section className="report-section" aria-labelledby="cash-up-heading">
      <PageTitle title="Cash-up report" />
      <h2 id="cash-up-heading">Cash-up</h2>
      <ReportFilterBar
        key={`${filter.from}|${filter.to}|${filter.venueId}`}
        value={filter}
        venues={data?.venues ?? []}
        onChange={(next) => {
          setPage(1);
          setFilter(next);
        }}
      />
      {report.isPending ? (
        <Spinner />
      ) : report.error ? (
        <LoadError text={report.error.message} onRetry={() => void report.refetch()} />
      ) : data ? (
        <CashUpFigures
          report={data}
          venueId={filter.venueId}
          onPageChange={setPage}
          isBusy={report.isFetching}
        />
      ) : null}
    </section>
  );
}

function CashUpFigures({
  report,
  venueId,
  onPageChange,
  isBusy,
}: {
  report: CashUpReport;
  venueId: number | null;
  onPageChange: (page: number) => void;
  isBusy: boolean;
}) {
  const lines = linesOf(report.days);
  const closed = lines.filter((l) => l.variance);
  const cashVariance = closed.reduce((n, l) => n + l.variance!.cash.raw, 0);
  const venueText =
    venueId === null ? 'all venues' : (report.venues.find((v) => v.id === venueId)?.name ?? '');
  const columns: DataColumn<Line>[] = [
    { header: 'Till', cell: (l) => `${dayLabel(l.date)} · ${l.venue} · ${l.till}` },
    { header: 'Status', cell: (l) => l.status },
    { header: 'Cash taken', cell: (l) => formatMoney(l.taken.cash.raw), isNumeric: true },
    { header: 'Cash refunded', cell: (l) => formatMoney(l.refunded), isNumeric: true },
    { header: 'Cash expected', cell: (l) => pence(l.expected, 'cash'), isNumeric: true },
    { header: 'Cash counted', cell: (l) => pence(l.counted, 'cash'), isNumeric: true },
    { header: 'Cash variance', cell: (l) => pence(l.variance, 'cash'), isNumeric: true },
    { header: 'Cash adjustments', cell: (l) => formatMoney(l.adjusted), isNumeric: true },
    { header: 'Cheques variance', cell: (l) => pence(l.variance, 'cheque'), isNumeric: true },
    { header: 'Vouchers variance', cell: (l) => pence(l.variance, 'voucher'), isNumeric: true },
  ];
  return (
    <>
      <div className="report-actions">
        <p className="muted">
          {periodLabel(report.from, report.to)}, {venueText}. Newest day first; variance is counted −
          expected.
        </p>
        <CsvLink
          path={cashUpReportCsv.path}
          query={{ from: report.from, to: report.to, venue_id: venueId }}
          label="Download CSV"
        />
      </div>
      <FigureList
        label="Cash-up on this page"
        figures={[
          { label: 'Till sessions', value: String(lines.filter((l) => l.expected).length) },
          { label: 'Closed', value: String(closed.length) },
          { label: 'Cash variance', value: formatMoney(cashVariance) },
        ]}
      />
      <DataTable
        caption="Till sessions by day"
        columns={columns}
        rows={lines}
        rowKey={(l) => l.key}
        empty="No till sessions or desk takings in this period."
      />
      <Pagination
        label="Cash-up report pages"
        pagination={report.pagination}
        isBusy={isBusy}
        onPageChange={onPageChange}
      />
    </>
  );
}
