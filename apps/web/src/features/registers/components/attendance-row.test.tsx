import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import type { RegisterEntry } from '../api/get-register';
import { AttendanceRow } from './attendance-row';

afterEach(cleanup);

const entry = (attended: boolean | null): RegisterEntry => ({
  bookingId: 41,
  customer: { id: 7, reference: 'FH100007', name: 'Priya Shah' },
  places: 1,
  attended,
});

type OnMark = Mock<(attended: boolean) => Promise<unknown>>;

function renderRow(attended: boolean | null, onMark: OnMark = vi.fn(async () => undefined), isOpen = true) {
  const view = render(
    <ul>
      <AttendanceRow entry={entry(attended)} isOpen={isOpen} onMark={onMark} />
    </ul>,
  );
  const group = screen.getByRole('group', { name: 'Attendance of Priya Shah' });
  return {
    onMark,
    view,
    attended: within(group).getByRole('button', { name: 'Attended' }),
    notAttended: within(group).getByRole('button', { name: 'Not attended' }),
    status: () => screen.getByRole('status').textContent,
  };
}

describe('A register row', () => {
  it('starts unmarked: neither button pressed, and says so', () => {
    const row = renderRow(null);
    expect(row.attended.getAttribute('aria-pressed')).toBe('false');
    expect(row.notAttended.getAttribute('aria-pressed')).toBe('false');
    expect(row.status()).toBe('Not marked yet');
  });

  it('saves Attended for that booking, pressed at once, and announces that it was saved', async () => {
    let finish = () => {};
    const onMark: OnMark = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const row = renderRow(null, onMark);
    fireEvent.click(row.attended);
    expect(onMark).toHaveBeenCalledWith(true);
    expect(row.attended.getAttribute('aria-pressed')).toBe('true');
    expect(row.status()).toBe('Saving…');
    // A second press while saving sends nothing more.
    fireEvent.click(row.notAttended);
    expect(onMark).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(row.status()).toBe('Saved: attended'));
  });

  it('marks a member who came as not attended, and shows the saved state from the register', async () => {
    const row = renderRow(true);
    expect(row.attended.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(row.notAttended);
    expect(row.onMark).toHaveBeenCalledWith(false);
    await waitFor(() => expect(row.status()).toBe('Saved: not attended'));
    // The register reloads with the saved row.
    row.view.rerender(
      <ul>
        <AttendanceRow entry={entry(false)} isOpen onMark={row.onMark} />
      </ul>,
    );
    expect(row.notAttended.getAttribute('aria-pressed')).toBe('true');
    expect(row.attended.getAttribute('aria-pressed')).toBe('false');
  });

  it('does not save the state the row already has', () => {
    const row = renderRow(true);
    fireEvent.click(row.attended);
    expect(row.onMark).not.toHaveBeenCalled();
  });

  it('goes back to what was saved and gives the server’s reason when saving fails', async () => {
    const onMark: OnMark = vi.fn(async () => {
      throw new ApiError(409, 'x', 'The register opens on the day of the session');
    });
    const row = renderRow(null, onMark);
    fireEvent.click(row.notAttended);
    await waitFor(() => expect(row.status()).toBe('The register opens on the day of the session'));
    expect(row.notAttended.getAttribute('aria-pressed')).toBe('false');
  });

  it('cannot be marked before the session’s day', () => {
    const row = renderRow(null, undefined, false);
    expect((row.attended as HTMLButtonElement).disabled).toBe(true);
    expect((row.notAttended as HTMLButtonElement).disabled).toBe(true);
  });
});
