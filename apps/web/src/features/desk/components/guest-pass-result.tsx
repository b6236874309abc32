import type { GuestPassResult } from '../rules/guest-pass-result';

/**
 * The outcome of a code, announced when it appears (a live region: the redeemed pass, or why it was refused).
 * The region stays in the page so a second result is announced too.
 */
export function GuestPassResultPanel({ result }: { result: GuestPassResult | null }) {
  return (
    <div className="desk-pass-result" role="status" aria-live="polite" aria-atomic="true">
      {result?.kind === 'redeemed' && (
        <div className="notice notice--success">
          <p>
            <strong>{result.title}</strong>
          </p>
          {result.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {result?.kind === 'refused' && (
        <div className="notice notice--danger">
          <p>
            <strong>{result.title}</strong>
          </p>
          <p>{result.message}</p>
        </div>
      )}
    </div>
  );
}
