import type { challengeReply } from '@fieldhouse/contract';
import type { z } from 'zod';
import { api } from '../lib/api/client';

/**
 * POST payments/sandbox/challenges/:id {approve}: the sandbox's stand-in for the bank's further check (member
 * checkout and the desk's card payment).
 */
export const answerChallenge = (challengeId: string, approve: boolean) =>
  api.post<z.infer<typeof challengeReply>['data']>(
    `payments/sandbox/challenges/${encodeURIComponent(challengeId)}`,
    { approve },
  );
