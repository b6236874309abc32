import { useId } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { AuditEntry } from '../api/get-audit';
import { describeAction, describeChange, humanise } from '../rules/describe-change';
import '../audit-log.css';

function Changes({ entry }: { entry: AuditEntry }) {
  const { kind, rows } = describeChange(entry.before, entry.after, formatDateTime);
  if (rows.length === 0) return <span className="muted">No record changed</span>;
  return (
    <dl className="audit-changes">
      {rows.map((row) => (
        <div key={row.field} className="audit-changes__row">
          <dt>{row.field}</dt>
          <dd>
            {kind === 'changed' ? (
              <>
                <span className="audit-changes__before">{row.before ?? '(empty)'}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> changed to </span>
                <span className="audit-changes__after">{row.after ?? '(empty)'}</span>
              </>
            ) : (
              ((kind === 'removed' ? row.before : row.after) ?? '(empty)')
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One page of the audit log: when (venue time), who, what (the action and the record it touched) and what changed
 * (only the fields that differ, before → after). The table scrolls sideways on its own on a narrow screen.
 */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  const captionId = useId();
  if (entries.length === 0) return <p>Nothing has been recorded yet.</p>;
  return (
    <section
      className="audit-log__scroll"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
    >
      <table className="audit-log">
        <caption id={captionId} className="visually-hidden">
          Staff actions, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            return (
              <tr key={entry.id}>
                <td className="audit-log__when">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td>
                  {entry.staff ? (
                    <>
                      {entry.staff.name}
                      <br />
                      <span className="muted">{entry.staff.email}</span>
                    </>
                  ) : (
                    <span className="muted">System</span>
                  )}
                </td>
                <td>
                  {describeAction(entry.action)}
                  <br />
                  <span className="muted">
                    {humanise(entry.entity)}
                    {entry.entityId ? ` ${entry.entityId}` : ''}
                  </span>
                </td>
                <td>
                  <Changes entry={entry} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
