import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { isApiError } from '../../../lib/api/client';
import type { RedeemedGuestPass } from '../api/redeem-guest-pass';

/** What the desk is told after trying a guest pass code: a success with who the guest is, or why not. */
export type GuestPassResult =
  | { kind: 'redeemed'; title: string; lines: string[] }
  | { kind: 'refused'; title: string; message: string };

/** A redeemed pass: who the guest is, whose guest, where and until when it was valid. */
export function redeemedResult(pass: RedeemedGuestPass): GuestPassResult {
  return {
    kind: 'redeemed',
    title: `Guest pass ${pass.code} redeemed`,
    lines: [
      `${pass.guestName} is the guest of ${pass.member.name} (customer no ${pass.member.reference}).`,
      `Valid at ${pass.venue.name} until ${pass.validTo.pretty}; redeemed ${pass.redeemedAt.pretty}.`,
    ],
  };
}

/**
 * A refused code in the server's own words: not found (404), already redeemed or expired (409), for another venue
 * (422); a failed connection or anything else in the app's general words.
 */
export function refusedResult(error: unknown): GuestPassResult {
  const title = 'Guest pass not redeemed';
  if (isApiError(error) && [404, 409, 422].includes(error.status) && error.serverMessage) {
    return { kind: 'refused', title, message: error.serverMessage };
  }
  return {
    kind: 'refused',
    title,
    message: isApiError(error) ? error.message : DEFAULT_ERROR_TEXTS.generic,
  };
}
