import { getMembershipsCsv } from '@fieldhouse/contract/routes/staff-reports';
import {
  type MembershipsReport,
  useMembershipsReport,
} from '../../../../features/reports/api/get-memberships-report';
import { formatMoney } from '../../../../lib/format';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { CsvLink } from '../../../../ui/reports/csv-link';
import { type DataColumn, DataTable } from '../../../../ui/reports/data-table';
import { FigureList } from '../../../../ui/reports/figure-list';
import { CHART_COLOURS, ReportChart } from '../../../../ui/reports/report-chart';
import { ReportFilterBar } from '../../../../ui/reports/report-filter-bar';
import { Spinner } from '../../../../ui/spinner';
import { monthLabel, percentLabel, periodLabel, poundsAxis } from './report-format';
import { useReportFilter } from './use-report-filter';

type Month = MembershipsReport['byMonth'][number];
type ByType = MembershipsReport['byType'][number];

/** Memberships (issue 37 item 6): active, joined, cancelled and frozen by month, recurring revenue, churn; by type. */
export default function MembershipsPage() {
  const [filter, setFilter] = useReportFilter();
  const report = useMembershipsReport(filter);
  const data = report.data;
  return (
    <section className="report-section" aria-labelledby="memberships-heading">
      <PageTitle title="Memberships report" />
      <h2 id="memberships-heading">Memberships</h2>
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
        <MembershipFigures report={data} />
      ) : null}
    </section>
  );
}

function MembershipFigures({ report }: { report: MembershipsReport }) {
  const { period } = report;
  const last = report.byMonth.at(-1);
  const venueText = period.venueId === null ? 'all venues' : (period.venues[0]?.name ?? '');
  const monthColumns: DataColumn<Month>[] = [
    { header: 'Month', cell: (m) => monthLabel(m.month) },
    { header: 'Active at start', cell: (m) => String(m.activeAtStart), isNumeric: true },
    { header: 'Joined', cell: (m) => String(m.joined), isNumeric: true },
    { header: 'Cancelled', cell: (m) => String(m.cancelled), isNumeric: true },
    { header: 'Active at end', cell: (m) => String(m.activeAtEnd), isNumeric: true },
    { header: 'Frozen at end', cell: (m) => String(m.frozenAtEnd), isNumeric: true },
    { header: 'Monthly recurring revenue', cell: (m) => formatMoney(m.mrr.raw), isNumeric: true },
    { header: 'Churn', cell: (m) => percentLabel(m.churnRate), isNumeric: true },
  ];
  const typeColumns: DataColumn<ByType>[] = [
    { header: 'Membership', cell: (row) => row.membershipTypeName },
    { header: 'Home venue', cell: (row) => row.venueName },
    { header: 'Members', cell: (row) => String(row.members), isNumeric: true },
    { header: 'Monthly recurring revenue', cell: (row) => formatMoney(row.mrr.raw), isNumeric: true },
  ];
  return (
    <>
      <div className="report-actions">
        <p className="muted">
          {periodLabel(period.from, period.to)}, {venueText}. A month’s figures are for its days in the
          period.
        </p>
        <CsvLink
          path={getMembershipsCsv.path}
          query={{ from: period.from, to: period.to, venue_id: period.venueId }}
        />
      </div>
      {last && (
        <FigureList
          label="Memberships at the end of the period"
          figures={[
            { label: 'Active members', value: String(last.activeAtEnd) },
            { label: 'Frozen', value: String(last.frozenAtEnd) },
            { label: 'Monthly recurring revenue', value: formatMoney(last.mrr.raw) },
            { label: `Churn in ${monthLabel(last.month)}`, value: percentLabel(last.churnRate) },
          ]}
        />
      )}
      <ReportChart
        title="Members joining and leaving by month"
        description={`Memberships joined and cancelled in each month from ${periodLabel(period.from, period.to)}.`}
        rows={report.byMonth.map((m) => ({ month: m.month, joined: m.joined, cancelled: m.cancelled }))}
        xKey="month"
        xLabel={monthLabel}
        series={[
          { key: 'joined', label: 'Joined', colour: CHART_COLOURS[2]! },
          { key: 'cancelled', label: 'Cancelled', colour: CHART_COLOURS[5]! },
        ]}
        stacked={false}
        format={(value) => String(value)}
      />
      <DataTable
        caption="Memberships by month"
        columns={monthColumns}
        rows={report.byMonth}
        rowKey={(m) => m.month}
      />
      <ReportChart
        title="Monthly recurring revenue"
        description="Monthly recurring revenue at the end of each month."
        kind="line"
        rows={report.byMonth.map((m) => ({ month: m.month, mrr: m.mrr.raw }))}
        xKey="month"
        xLabel={monthLabel}
        series={[{ key: 'mrr', label: 'Monthly recurring revenue', colour: CHART_COLOURS[0]! }]}
        format={formatMoney}
        axisFormat={poundsAxis}
      />
      <DataTable
        caption={`Members by membership and home venue on ${periodLabel(period.to, period.to)}`}
        columns={typeColumns}
        rows={report.byType}
        rowKey={(row) => `${row.membershipTypeId}-${row.venueId}`}
        empty="No members on that day."
      />
    </>
  );
}
