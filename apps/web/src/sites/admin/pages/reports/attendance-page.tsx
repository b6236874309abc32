import { ATTENDANCE_REPORT_TEXTS, type AttendanceGroup } from '@fieldhouse/contract/reports-attendance';
import { exportAttendanceReport } from '@fieldhouse/contract/routes/reports-attendance';
import { useId, useState } from 'react';
import {
  type AttendanceReport,
  type AttendanceRow,
  useAttendanceReport,
} from '../../../../features/reports/api/get-attendance-report';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { Pagination } from '../../../../ui/pagination';
import { CsvLink } from '../../../../ui/reports/csv-link';
import { type DataColumn, DataTable } from '../../../../ui/reports/data-table';
import { FigureList } from '../../../../ui/reports/figure-list';
import { CHART_COLOURS, ReportChart } from '../../../../ui/reports/report-chart';
import { ReportFilterBar } from '../../../../ui/reports/report-filter-bar';
import { Spinner } from '../../../../ui/spinner';
import { periodLabel } from './report-format';
import { useReportFilter } from './use-report-filter';

const GROUPS: { key: AttendanceGroup; label: string; heading: string }[] = [
  { key: 'activity', label: 'Activity', heading: 'By activity' },
  { key: 'venue', label: 'Venue', heading: 'By venue' },
  { key: 'time_of_day', label: 'Time of day', heading: 'By time of day' },
  { key: 'weekday', label: 'Weekday', heading: 'By weekday' },
  { key: 'hour', label: 'Hour', heading: 'By hour of the day' },
];

const count = (n: number) => n.toLocaleString('en-GB');
const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

/**
 * Attendance and utilisation (issue 37 item 5, decision 084): sessions run, places offered and sold, fill rate,
 * attended / no-show / not marked and check-ins for the period, by activity, venue, time of day, weekday or hour.
 */
export default function AttendancePage() {
  const [filter, setFilter] = useReportFilter();
  const [group, setGroup] = useState<AttendanceGroup>('activity');
  const [page, setPage] = useState(1);
  const report = useAttendanceReport({ ...filter, group, page });
  const groupField = useId();
  const data = report.data;
  return (
    <section className="report-section" aria-labelledby="attendance-heading">
      <PageTitle title="Attendance report" />
      <h2 id="attendance-heading">Attendance and utilisation</h2>
      <ReportFilterBar
        key={`${filter.from}|${filter.to}|${filter.venueId}`}
        value={filter}
        venues={data?.period.venueOptions ?? []}
        onChange={(next) => {
          setPage(1);
          setFilter(next);
        }}
      />
      <div className="field report-group" style={{ maxWidth: '16rem' }}>
        <label className="field__label" htmlFor={groupField}>
          Group by
        </label>
        <select
          id={groupField}
          className="field__input"
          value={group}
          onChange={(event) => {
            setGroup(event.target.value as AttendanceGroup);
            setPage(1);
          }}
        >
          {GROUPS.map((g) => (
            <option key={g.key} value={g.key}>
              {g.label}
            </option>
          ))}
        </select>
      </div>
      {report.isPending ? (
        <Spinner />
      ) : report.error ? (
        <LoadError text={report.error.message} onRetry={() => void report.refetch()} />
      ) : data ? (
        <AttendanceFigures report={data} isBusy={report.isPlaceholderData} onPageChange={setPage} />
      ) : null}
    </section>
  );
}

function AttendanceFigures({
  report,
  isBusy,
  onPageChange,
}: {
  report: AttendanceReport;
  isBusy: boolean;
  onPageChange: (page: number) => void;
}) {
  const { period, totals } = report;
  const group = GROUPS.find((g) => g.key === report.group)!;
  const venueText = period.venueId === null ? 'all venues' : (period.venues[0]?.name ?? '');
  const showVenue = report.group === 'activity' && period.venues.length > 1;
  const columns: DataColumn<AttendanceRow>[] = [
    {
      header: group.label,
      cell: (row) => (showVenue && row.venueName ? `${row.label}, ${row.venueName}` : row.label),
    },
    { header: 'Sessions', cell: (row) => count(row.sessions), isNumeric: true },
    { header: 'Places offered', cell: (row) => count(row.placesOffered), isNumeric: true },
    { header: 'Places sold', cell: (row) => count(row.placesSold), isNumeric: true },
    { header: 'Fill rate', cell: (row) => percent(row.fillRate), isNumeric: true },
    { header: 'Attended', cell: (row) => count(row.attended), isNumeric: true },
    { header: 'No-show', cell: (row) => count(row.noShow), isNumeric: true },
    { header: 'Not marked', cell: (row) => count(row.unmarked), isNumeric: true },
    { header: 'Attendance rate', cell: (row) => percent(row.attendanceRate), isNumeric: true },
    ...(report.group === 'activity'
      ? []
      : [
          {
            header: 'Check-ins',
            cell: (row: AttendanceRow) => count(row.checkIns ?? 0),
            isNumeric: true,
          },
        ]),
  ];
  const chartRows = report.rows.map((row) => ({
    label: showVenue && row.venueName ? `${row.label}, ${row.venueName}` : row.label,
    attended: row.attended,
    noShow: row.noShow,
    unmarked: row.unmarked,
  }));
  const totalsRow: AttendanceRow = {
    ...totals,
    key: 'total',
    label: 'Total',
    venueId: null,
    venueName: null,
  };
  const isWhole = report.pagination.totalPages === 1;
  return (
    <>
      <div className="report-actions">
        <p className="muted">
          {periodLabel(period.from, period.to)}, {venueText}. Sessions that started in the period and were not
          cancelled; places are counted, so a booking for four is four places.
        </p>
        <CsvLink
          path={exportAttendanceReport.path}
          query={{ from: period.from, to: period.to, venue_id: period.venueId, group: report.group }}
          label="Download CSV"
        />
      </div>
      <FigureList
        label="Attendance in the period"
        figures={[
          { label: 'Sessions run', value: count(totals.sessions) },
          { label: 'Places sold', value: `${count(totals.placesSold)} of ${count(totals.placesOffered)}` },
          { label: 'Fill rate', value: percent(totals.fillRate) },
          { label: 'Attendance rate', value: percent(totals.attendanceRate) },
          { label: 'Check-ins', value: count(totals.checkIns ?? 0) },
        ]}
      />
      <ReportChart
        title={`Places sold ${group.heading.toLowerCase()}`}
        description={`Places sold ${group.heading.toLowerCase()} from ${periodLabel(period.from, period.to)}, stacked by attended, no-show and not marked${isWhole ? '' : ', for the rows on this page'}.`}
        rows={chartRows}
        xKey="label"
        series={[
          { key: 'attended', label: 'Attended', colour: CHART_COLOURS[2]! },
          { key: 'noShow', label: 'No-show', colour: CHART_COLOURS[5]! },
          { key: 'unmarked', label: 'Not marked', colour: CHART_COLOURS[6]! },
        ]}
        format={count}
      />
      <DataTable
        caption={group.heading}
        columns={columns}
        rows={report.rows}
        rowKey={(row) => row.key}
        totals={isWhole ? totalsRow : undefined}
        empty="No sessions in this period."
      />
      {report.pagination.totalPages > 1 && (
        <Pagination
          label={`${group.heading} pages`}
          pagination={report.pagination}
          isBusy={isBusy}
          onPageChange={onPageChange}
        />
      )}
      <p className="muted">{ATTENDANCE_REPORT_TEXTS.noInstructor}</p>
    </>
  );
}
