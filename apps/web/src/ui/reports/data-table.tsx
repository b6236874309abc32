import type { ReactNode } from 'react';

export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, tabular digits. */
  isNumeric?: boolean;
}

/**
 * A report's figures as a table: the accessible form of every chart (issue 37), and the report itself where a chart
 * would not help. The first column heads each row (`th scope="row"`); a totals row, when given, is the table's foot.
 * It scrolls sideways inside its frame on narrow screens, the page does not.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  totals,
  empty = 'Nothing in this period.',
}: {
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  totals?: Row;
  empty?: string;
}) {
  const cells = (row: Row, isFoot = false) =>
    columns.map((column, index) => {
      const className = column.isNumeric ? 'data-table__num' : undefined;
      return index === 0 ? (
        <th key={column.header} scope="row" className={className}>
          {isFoot ? 'Total' : column.cell(row)}
        </th>
      ) : (
        <td key={column.header} className={className}>
          {column.cell(row)}
        </td>
      );
    });
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section className="data-table__scroll" tabIndex={0} aria-label={caption}>
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.isNumeric ? 'data-table__num' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => <tr key={rowKey(row)}>{cells(row)}</tr>)
          )}
        </tbody>
        {totals && rows.length > 0 && (
          <tfoot>
            <tr>{cells(totals, true)}</tr>
          </tfoot>
        )}
      </table>
    </section>
  );
}
