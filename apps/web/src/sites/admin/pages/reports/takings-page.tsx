import { getTakingsCsv } from '@fieldhouse/contract/routes/staff-reports';
import { type TakingsReport, useTakingsReport } from '../../../../features/reports/api/get-takings-report';
import { formatMoney } from '../../../../lib/format';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { CsvLink } from '../../../../ui/reports/csv-link';
import { type DataColumn, DataTable } from '../../../../ui/reports/data-table';
import { FigureList, formatCount } from '../../../../ui/reports/figure-list';
import { CHART_COLOURS, ReportChart } from '../../../../ui/reports/report-chart';
import { ReportFilterBar } from '../../../../ui/reports/report-filter-bar';
import { Spinner } from '../../../../ui/spinner';
import { dayLabel, periodLabel, poundsAxis } from './report-format';
import { useReportFilter } from './use-report-filter';

type Day = TakingsReport['byDay'][number];
type ByVenue = TakingsReport['byVenue'][number];
type ByTender = TakingsReport['byTender'][number];
type ByProduct = TakingsReport['byProduct'][number];
type ByActivity = TakingsReport['byActivity'][number];
type Tender = keyof Day['byTender'];
type Figures = { gross: { raw: number }; refunds: { raw: number }; net: { raw: number } };

const TENDERS: { key: Tender; label: string }[] = [
  { key: 'card', label: 'Card' },
  { key: 'directDebit', label: 'Direct debit' },
  { key: 'cash', label: 'Cash' },
  { key: 'cheque', label: 'Cheque' },
  { key: 'voucher', label: 'Voucher' },
  { key: 'credit', label: 'Account credit' },
];

const money = (value: { raw: number }) => formatMoney(value.raw);

/** Gross, refunds and net columns after a first column. */
function figureColumns<Row extends Figures>(first: DataColumn<Row>): DataColumn<Row>[] {
  return [
    first,
    { header: 'Gross', cell: (row) => money(row.gross), isNumeric: true },
    { header: 'Refunds', cell: (row) => money(row.refunds), isNumeric: true },
    { header: 'Net', cell: (row) => money(row.net), isNumeric: true },
  ];
}

/** Takings (issue 37 item 1): the period's money in and back, by day, venue, tender, product and activity. */
export default function TakingsPage() {
  const [filter, setFilter] = useReportFilter();
  const report = useTakingsReport(filter);
  const data = report.data;
  return (
    <section className="report-section" aria-labelledby="takings-heading">
      <PageTitle title="Takings report" />
      <h2 id="takings-heading">Takings</h2>
      <ReportFilterBar
        key={`${filter.from}|${filter.to}|${filter.venueId}`}
        value={filter}
        venues={data?.period.venueOptions ?? []}
        onChange={setFilter}
      />
      {report.isPending ? (
        <Spinner />
      ) : report.error ? (
        <LoadError text={report.error.message} onRetry={() => void report.refetch()} />
      ) : data ? (
        <TakingsFigures report={data} />
      ) : null}
    </section>
  );
}

function TakingsFigures({ report }: { report: TakingsReport }) {
  const { period, totals } = report;
  const venueText = period.venueId === null ? 'all venues' : (period.venues[0]?.name ?? '');
  const chartRows = report.byDay.map((day) => ({
    date: day.date,
    ...Object.fromEntries(TENDERS.map((t) => [t.key, day.byTender[t.key].raw])),
  }));
  // The chart's series: the tenders that moved money in the period (all six would crowd its legend).
  const usedTenders = TENDERS.filter((t) =>
    report.byTender.some((row) => tenderKey(row.tender) === t.key && (row.gross.raw || row.refunds.raw)),
  );
  const dayColumns: DataColumn<Day>[] = [
    { header: 'Day', cell: (day) => dayLabel(day.date) },
    ...TENDERS.map(
      (t): DataColumn<Day> => ({
        header: t.label,
        cell: (day) => money(day.byTender[t.key]),
        isNumeric: true,
      }),
    ),
    { header: 'Refunds', cell: (day) => money(day.refunds), isNumeric: true },
    { header: 'Net', cell: (day) => money(day.net), isNumeric: true },
  ];
  const dayTotals: Day = {
    date: '',
    gross: totals.gross,
    refunds: totals.refunds,
    net: totals.net,
    byTender: Object.fromEntries(
      report.byTender.map((row) => [tenderKey(row.tender), row.net]),
    ) as Day['byTender'],
  };
  return (
    <>
      <div className="report-actions">
        <p className="muted">
          {periodLabel(period.from, period.to)}, {venueText}. Refunds are netted on the day they were made.
        </p>
        <CsvLink
          path={getTakingsCsv.path}
          query={{ from: period.from, to: period.to, venue_id: period.venueId }}
          label="Download CSV"
        />
      </div>
      <FigureList
        label="Takings in the period"
        figures={[
          { label: 'Taken', value: money(totals.gross) },
          { label: 'Refunded', value: money(totals.refunds) },
          { label: 'Net takings', value: money(totals.net) },
          { label: 'Payments', value: formatCount(totals.payments) },
        ]}
      />
      <ReportChart
        title="Net takings by day"
        description={`Net takings for each day from ${periodLabel(period.from, period.to)}, stacked by how people paid.`}
        rows={chartRows}
        xKey="date"
        xLabel={dayLabel}
        series={(usedTenders.length ? usedTenders : TENDERS.slice(0, 1)).map((t) => ({
          key: t.key,
          label: t.label,
          colour: CHART_COLOURS[TENDERS.indexOf(t)]!,
        }))}
        format={formatMoney}
        axisFormat={poundsAxis}
      />
      <DataTable
        caption="Net takings by day and tender"
        columns={dayColumns}
        rows={report.byDay}
        rowKey={(day) => day.date}
        totals={dayTotals}
      />
      <DataTable
        caption="By venue"
        columns={figureColumns<ByVenue>({ header: 'Venue', cell: (row) => row.venueName })}
        rows={report.byVenue}
        rowKey={(row) => row.venueId}
      />
      <DataTable
        caption="By tender"
        columns={figureColumns<ByTender>({ header: 'Tender', cell: (row) => row.label })}
        rows={report.byTender}
        rowKey={(row) => row.tender}
        totals={{ tender: 'card', label: '', ...totals }}
      />
      <DataTable
        caption="By product"
        columns={figureColumns<ByProduct>({ header: 'Product', cell: (row) => row.label })}
        rows={report.byProduct}
        rowKey={(row) => row.product}
      />
      <DataTable
        caption="Sessions by activity"
        columns={figureColumns<ByActivity>({
          header: 'Activity',
          cell: (row) =>
            period.venues.length > 1 ? `${row.activityName}, ${row.venueName}` : row.activityName,
        })}
        rows={report.byActivity}
        rowKey={(row) => row.activityId}
        empty="No sessions sold in this period."
      />
      {report.activityCount > report.byActivity.length && (
        <p className="muted">
          The {report.byActivity.length} activities that took most, of {formatCount(report.activityCount)}.
        </p>
      )}
      <DataTable
        caption="Direct-debit collections due in the period"
        columns={[
          { header: 'Status', cell: (row) => row.label },
          { header: 'Collections', cell: (row) => String(row.count), isNumeric: true },
          { header: 'Amount', cell: (row) => money(row.amount), isNumeric: true },
        ]}
        rows={report.collections}
        rowKey={(row) => row.state}
      />
      <DataTable
        caption="Refunds made in the period"
        columns={[
          { header: 'Money went', cell: (row) => row.label },
          { header: 'Refunds', cell: (row) => String(row.count), isNumeric: true },
          { header: 'Amount', cell: (row) => money(row.amount), isNumeric: true },
          { header: 'Of which pending', cell: (row) => money(row.pending), isNumeric: true },
        ]}
        rows={report.refunds}
        rowKey={(row) => row.destination}
      />
    </>
  );
}

/** The wire's tender ('direct_debit') as the camelCase key of a day's tenders ('directDebit'). */
const tenderKey = (tender: string): Tender => (tender === 'direct_debit' ? 'directDebit' : tender) as Tender;
