import { buttonClass } from '../button';

/**
 * 'Download CSV': a plain link to a report's `.csv` twin with the same query (a GET with the staff cookie, so no
 * CSRF header is needed), which the browser saves under the name the server gives.
 */
export function CsvLink({
  path,
  query,
  label = 'Download CSV',
}: {
  path: string;
  query: Record<string, string | number | null | undefined>;
  label?: string;
}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return (
    <a className={buttonClass('secondary', 'csv-link')} href={text ? `${path}?${text}` : path} download>
      {label}
    </a>
  );
}
