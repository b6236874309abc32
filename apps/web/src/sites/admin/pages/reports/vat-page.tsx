import { exportVatSummary } from '@fieldhouse/contract/routes/reports-vat';
import { useVatSummary, type VatSummary } from '../../../../features/reports/api/get-vat-summary';
import { formatMoney } from '../../../../lib/format';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { CsvLink } from '../../../../ui/reports/csv-link';
import { type DataColumn, DataTable } from '../../../../ui/reports/data-table';
import { FigureList } from '../../../../ui/reports/figure-list';
import { CHART_COLOURS, ReportChart } from '../../../../ui/reports/report-chart';
import { ReportFilterBar } from '../../../../ui/reports/report-filter-bar';
import { Spinner } from '../../../../ui/spinner';
import { periodLabel, poundsAxis } from './report-format';
import { useReportFilter } from './use-report-filter';

type Row = VatSummary['rows'][number];
type Figures = { gross: { raw: number }; vat: { raw: number }; net: { raw: number } };

const money = (value: { raw: number }) => formatMoney(value.raw);

/** Gross, VAT and net columns of one part of a row (sales, refunds, or what is left of them). */
function figureColumns(part: (row: Row) => Figures, extra?: DataColumn<Row>): DataColumn<Row>[] {
  return [
    { header: 'VAT rate', cell: (row) => row.label },
    ...(extra ? [extra] : []),
    { header: 'Gross', cell: (row) => money(part(row).gross), isNumeric: true },
    { header: 'VAT', cell: (row) => money(part(row).vat), isNumeric: true },
    { header: 'Net', cell: (row) => money(part(row).net), isNumeric: true },
  ];
}

/** VAT (issue 37 item 2, decision 082): the period's sales and refunds by VAT treatment and rate. */
export default function VatPage() {
  const [filter, setFilter] = useReportFilter();
  const report = useVatSummary(filter);
  const data = report.data;
  return (
    <section className="report-section" aria-labelledby="vat-heading">
      <PageTitle title="VAT report" />
      <h2 id="vat-heading">VAT</h2>
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
        <VatFigures report={data} />
      ) : null}
    </section>
  );
}

function VatFigures({ report }: { report: VatSummary }) {
  const { period, totals, rows } = report;
  const venueText = period.venueId === null ? 'all venues' : (period.venues[0]?.name ?? '');
  const totalRow = (label: string): Row => ({
    treatment: 'standard',
    label,
    rate: 0,
    ...totals,
  });
  return (
    <>
      <div className="report-actions">
        <p className="muted">
          {periodLabel(period.from, period.to)}, {venueText}. Prices include VAT; sales count on the day of
          the order, refunds on the day they were made.
          {report.vatNumber ? ` VAT registration number ${report.vatNumber}.` : ''}
        </p>
        <CsvLink
          path={exportVatSummary.path}
          query={{ from: period.from, to: period.to, venue_id: period.venueId }}
          label="Download CSV"
        />
      </div>
      <FigureList
        label="VAT in the period"
        figures={[
          { label: 'Sales (incl. VAT)', value: money(totals.sales.gross) },
          { label: 'VAT on sales', value: money(totals.sales.vat) },
          { label: 'VAT on refunds', value: money(totals.refunds.vat) },
          { label: 'VAT after refunds', value: money(totals.netOfRefunds.vat) },
        ]}
      />
      <ReportChart
        title="Sales after refunds by VAT rate"
        description={`Net and VAT of each rate’s sales after refunds, ${periodLabel(period.from, period.to)}.`}
        rows={rows.map((row) => ({
          label: row.label,
          net: row.netOfRefunds.net.raw,
          vat: row.netOfRefunds.vat.raw,
        }))}
        xKey="label"
        series={[
          { key: 'net', label: 'Net', colour: CHART_COLOURS[0]! },
          { key: 'vat', label: 'VAT', colour: CHART_COLOURS[1]! },
        ]}
        format={formatMoney}
        axisFormat={poundsAxis}
      />
      <DataTable
        caption="Sales by VAT rate"
        columns={figureColumns((row) => row.sales, {
          header: 'Lines',
          cell: (row) => String(row.sales.lines),
          isNumeric: true,
        })}
        rows={rows}
        rowKey={(row) => `${row.treatment}-${row.rate}`}
        totals={totalRow('Total')}
        empty="Nothing sold in this period."
      />
      <DataTable
        caption="Refunds by VAT rate"
        columns={figureColumns((row) => row.refunds, {
          header: 'Refunds',
          cell: (row) => String(row.refunds.count),
          isNumeric: true,
        })}
        rows={rows.filter((row) => row.refunds.count > 0)}
        rowKey={(row) => `${row.treatment}-${row.rate}`}
        totals={totalRow('Total')}
        empty="No refunds in this period."
      />
      <DataTable
        caption="After refunds by VAT rate"
        columns={figureColumns((row) => row.netOfRefunds)}
        rows={rows}
        rowKey={(row) => `${row.treatment}-${row.rate}`}
        totals={totalRow('Total')}
        empty="Nothing sold in this period."
      />
    </>
  );
}
