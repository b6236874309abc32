import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  createCustomer,
  csrfHeaders,
  settleBackgroundWork,
  setupTestDatabase,
} from './helper.ts';

// An attacker must not learn which addresses have accounts from how long the server takes to answer.

const t = await setupTestDatabase();
const client = await createClient(t.db);
const app = await t.buildTestApp();
const member = await createCustomer(t.db, { clientId: client.id, email: 'timed@example.test' });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Ratio of the median reply times of two calls, sampled alternately (so drift on a busy machine hits both alike),
 * with any work done after the reply settled between samples. A few rounds on a noisy machine: the first ratio
 * inside the bounds is returned, else the last one.
 */
async function medianRatio(
  known: () => Promise<LightMyRequestResponse>,
  unknown: () => Promise<LightMyRequestResponse>,
  expectStatus: number,
) {
  let ratio = Number.NaN;
  for (let round = 0; round < 3; round++) {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 24; i++) {
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const which of order) {
        const started = performance.now();
        const response = await (which === 'known' ? known() : unknown());
        const took = performance.now() - started;
        expect(response.statusCode).toBe(expectStatus);
        await settleBackgroundWork();
        if (i >= 4) times[which].push(took); // the first samples warm up
      }
    }
    ratio = median(times.known) / median(times.unknown);
    if (ratio >= 0.7 && ratio <= 1.4) return ratio;
  }
  return ratio;
}

const post = (url: string, payload: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: csrfHeaders(), payload });

describe('no account enumeration by timing', () => {
  it('forgotten password answers an unknown address as fast as a known one', async () => {
    const ratio = await medianRatio(
      () => post('/api/auth/customer/forgotten-password', { email_or_reference: member.email }),
      () => post('/api/auth/customer/forgotten-password', { email_or_reference: 'nobody@example.test' }),
      200,
    );
    expect(ratio).toBeGreaterThanOrEqual(0.7);
    expect(ratio).toBeLessThanOrEqual(1.4);
  });

  it('login answers an unknown name as fast as a wrong password for a known one', async () => {
    const ratio = await medianRatio(
      () => post('/api/auth/customer/login', { username: member.email, password: 'Wrong1!xx' }),
      () => post('/api/auth/customer/login', { username: 'nobody@example.test', password: 'Wrong1!xx' }),
      422,
    );
    expect(ratio).toBeGreaterThanOrEqual(0.7);
    expect(ratio).toBeLessThanOrEqual(1.4);
  });
});
