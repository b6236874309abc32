/** Headline figures of a report or the dashboard, as a list of label and value (a description list). */
export function FigureList({
  figures,
  label,
}: {
  figures: { label: string; value: string }[];
  label: string;
}) {
  return (
    <dl className="report-figures" aria-label={label}>
      {figures.map((figure) => (
        <div key={figure.label} className="report-figure">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A count with thousands separated, en-GB: 2958 → '2,958'. */
export const formatCount = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
