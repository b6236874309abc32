import { MAX_PHOTO_BYTES, PROFILE_TEXTS } from '@fieldhouse/contract/account-profile';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from './photo-rules';
import { PHOTO_TEXTS } from './texts';

describe('PHOTO_TEXTS', () => {
  it('matches the contract', () => {
    const { cameraFailed: _own, ...copied } = PHOTO_TEXTS;
    for (const [key, text] of Object.entries(copied))
      expect(text, key).toBe(PROFILE_TEXTS[key as keyof typeof copied]);
    expect(MAX_UPLOAD_BYTES).toBe(MAX_PHOTO_BYTES);
  });
});
