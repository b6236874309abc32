export interface TotalRow {
  label: string;
  value: string;
  testId?: string;
}

/** A list of amounts with the last one as the grand total (basket and checkout summaries). */
export function Totals({ rows }: { rows: TotalRow[] }) {
  return (
    <dl className="totals">
      {rows.map((row, index) => (
        <div key={row.label} className={index === rows.length - 1 ? 'totals__grand' : undefined}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
