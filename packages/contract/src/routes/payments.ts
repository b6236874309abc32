import { type RouteTable, route } from '../call.ts';
import type { paymentCalls } from '../payments.ts';

/** Methods and paths of the sandbox payment provider's calls (decision 043); their schemas are `paymentCalls`. */
type C = typeof paymentCalls;

export const createSandboxToken = route<C['createSandboxToken']>('POST', '/api/payments/sandbox/tokens');
export const answerSandboxChallenge = route<C['answerSandboxChallenge']>(
  'POST',
  '/api/payments/sandbox/challenges/:id',
);

export const paymentRoutes = { createSandboxToken, answerSandboxChallenge } satisfies RouteTable<C>;
