import {
  MAX_UPLOAD_BYTES as CONTRACT_MAX,
  UPLOAD_MIME_TYPES as CONTRACT_TYPES,
  MEMBERSHIP_MANAGEMENT_TEXTS,
} from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { MANAGEMENT_TEXTS, MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES } from './texts';

describe('membership management texts', () => {
  it('mirror the contract', () => {
    const plain = (texts: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(texts).filter(([, v]) => typeof v === 'string'));
    expect(plain(MANAGEMENT_TEXTS)).toEqual(plain(MEMBERSHIP_MANAGEMENT_TEXTS));
    expect(Object.keys(MANAGEMENT_TEXTS)).toEqual(Object.keys(MEMBERSHIP_MANAGEMENT_TEXTS));
    expect(MANAGEMENT_TEXTS.noticeRequired(30)).toBe(MEMBERSHIP_MANAGEMENT_TEXTS.noticeRequired(30));
    expect(MANAGEMENT_TEXTS.uploadRejected('Blurry')).toBe(
      MEMBERSHIP_MANAGEMENT_TEXTS.uploadRejected('Blurry'),
    );
    for (const n of [1, 5])
      expect(MANAGEMENT_TEXTS.expiresIn(n)).toBe(MEMBERSHIP_MANAGEMENT_TEXTS.expiresIn(n));
    expect(MAX_UPLOAD_BYTES).toBe(CONTRACT_MAX);
    expect([...UPLOAD_MIME_TYPES]).toEqual([...CONTRACT_TYPES]);
  });
});
