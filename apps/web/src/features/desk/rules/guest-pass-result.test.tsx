import { DESK_TEXTS } from '@fieldhouse/contract/texts/staff-desk';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import type { RedeemedGuestPass } from '../api/redeem-guest-pass';
import { GuestPassResultPanel } from '../components/guest-pass-result';
import { redeemedResult, refusedResult } from './guest-pass-result';

afterEach(cleanup);

const instant = (pretty: string) => ({ raw: '2026-11-24T12:00:00Z', local: '2026-11-24T12:00:00', pretty });
const pass: RedeemedGuestPass = {
  id: 3,
  code: 'GP7K2M9Q',
  guestName: 'Robin Ashby',
  guestEmail: 'robin@example.org',
  status: 'redeemed',
  validTo: instant('1 Dec 2026 at 23:59'),
  redeemedAt: instant('24 Nov 2026 at 18:05'),
  venue: { id: 2, name: 'John Charles Centre for Sport' },
  member: { id: 9, reference: 'FH100001', name: 'Alex Morgan' },
};

describe('What the desk is told about a guest pass code', () => {
  it('a redeemed pass: whose guest, where and until when', () => {
    expect(redeemedResult(pass)).toEqual({
      kind: 'redeemed',
      title: 'Guest pass GP7K2M9Q redeemed',
      lines: [
        'Robin Ashby is the guest of Alex Morgan (customer no FH100001).',
        'Valid at John Charles Centre for Sport until 1 Dec 2026 at 23:59; redeemed 24 Nov 2026 at 18:05.',
      ],
    });
  });

  it.each([
    [404, DESK_TEXTS.guestPassNotFound],
    [409, DESK_TEXTS.guestPassRedeemed.replace('{date}', '20 Nov 2026 at 10:00')],
    [409, DESK_TEXTS.guestPassExpired.replace('{date}', '1 Nov 2026 at 23:59')],
    [422, 'This guest pass is for Ponds Forge, not John Charles Centre for Sport'],
  ])('a %i refusal in the server’s words', (status, serverMessage) => {
    // The client's own text for a 404 or 409 is a general one; the desk needs the reason.
    const error = new ApiError(status, 'Something has gone wrong, please try again.', serverMessage);
    expect(refusedResult(error)).toEqual({
      kind: 'refused',
      title: 'Guest pass not redeemed',
      message: serverMessage,
    });
  });

  it('a failed connection in the app’s general words', () => {
    const error = new ApiError(0, 'Something has gone wrong, please try again.');
    expect(refusedResult(error).kind).toBe('refused');
    expect(refusedResult(error)).toMatchObject({ message: 'Something has gone wrong, please try again.' });
    expect(refusedResult(new TypeError('boom'))).toMatchObject({
      message: 'Something has gone wrong, please try again.',
    });
  });

  it('is announced in a live region that is there before the result', () => {
    const { rerender } = render(<GuestPassResultPanel result={null} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(
      <GuestPassResultPanel result={refusedResult(new ApiError(404, 'x', DESK_TEXTS.guestPassNotFound))} />,
    );
    expect(screen.getByRole('status').textContent).toContain(DESK_TEXTS.guestPassNotFound);
    rerender(<GuestPassResultPanel result={redeemedResult(pass)} />);
    expect(screen.getByRole('status').textContent).toContain('Robin Ashby is the guest of Alex Morgan');
  });
});
