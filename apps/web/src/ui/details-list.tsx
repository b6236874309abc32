import type { ReactNode } from 'react';

export type DetailsRow = readonly [term: string, value: ReactNode];

/**
 * Label/value pairs as a description list (`details-list` in shell.css). Variants: 'rows' (one pair per line),
 * 'compact' (small inline pairs), 'wide' (wider terms). Rows without a value are the caller's to leave out.
 */
export function DetailsList({
  rows,
  variant = [],
  className,
}: {
  rows: readonly DetailsRow[];
  variant?: readonly ('rows' | 'compact' | 'wide')[];
  className?: string;
}) {
  const classes = ['details-list', ...variant.map((v) => `details-list--${v}`), className].filter(Boolean);
  return (
    <dl className={classes.join(' ')}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
