import { useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import type { RegisterEntry } from '../api/get-register';

type Save =
  | { state: 'idle' }
  | { state: 'saving'; attended: boolean }
  | { state: 'saved'; attended: boolean }
  | { state: 'failed'; message: string };

/**
 * One booked member on a register: two real buttons, Attended and Not attended, one pressed (aria-pressed) once
 * marked, grouped under the member's name; pressing one saves that row at once, and the row says (to a screen
 * reader too) whether it was saved. A refusal leaves the row as it was, with the server's reason.
 */
export function AttendanceRow({
  entry,
  isOpen,
  onMark,
}: {
  entry: RegisterEntry;
  /** False before the session's day: the register cannot be marked yet. */
  isOpen: boolean;
  onMark: (attended: boolean) => Promise<unknown>;
}) {
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const shown = save.state === 'saving' ? save.attended : entry.attended;
  const groupLabel = `Attendance of ${entry.customer.name}`;

  const mark = async (attended: boolean) => {
    if (save.state === 'saving' || entry.attended === attended) return;
    setSave({ state: 'saving', attended });
    try {
      await onMark(attended);
      setSave({ state: 'saved', attended });
    } catch (error) {
      setSave({
        state: 'failed',
        message: serverMessageOr(error, 'Attendance was not saved. Please try again.'),
      });
    }
  };

  const status =
    save.state === 'saving'
      ? 'Saving…'
      : save.state === 'saved'
        ? `Saved: ${save.attended ? 'attended' : 'not attended'}`
        : save.state === 'failed'
          ? save.message
          : entry.attended === null
            ? 'Not marked yet'
            : '';

  return (
    <li className="register-row">
      <span className="register-row__who">
        <strong>{entry.customer.name}</strong>
        <span className="muted">
          Customer no {entry.customer.reference}
          {entry.places > 1 ? ` · ${entry.places} places` : ''}
        </span>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form fieldset. */}
      <span className="register-row__choice" role="group" aria-label={groupLabel}>
        <button
          type="button"
          className="register-toggle register-toggle--yes"
          aria-pressed={shown === true}
          disabled={!isOpen}
          aria-disabled={save.state === 'saving' || undefined}
          onClick={() => void mark(true)}
        >
          {shown === true && <span aria-hidden="true">✓ </span>}
          Attended
        </button>
        <button
          type="button"
          className="register-toggle register-toggle--no"
          aria-pressed={shown === false}
          disabled={!isOpen}
          aria-disabled={save.state === 'saving' || undefined}
          onClick={() => void mark(false)}
        >
          {shown === false && <span aria-hidden="true">✓ </span>}
          Not attended
        </button>
      </span>
      <span
        className={`register-row__status${save.state === 'failed' ? ' register-row__status--failed' : ''}`}
        role="status"
        aria-live="polite"
      >
        {status}
      </span>
    </li>
  );
}
