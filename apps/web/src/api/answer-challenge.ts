import { answerSandboxChallenge } from '@fieldhouse/contract/routes/payments';
import { call } from '../lib/api/client';

/**
 * POST payments/sandbox/challenges/:id {approve}: the sandbox's stand-in for the bank's further check (member
 * checkout and the desk's card payment).
 */
export const answerChallenge = (challengeId: string, approve: boolean) =>
  call(answerSandboxChallenge, { params: { id: challengeId }, body: { approve } });
