import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openFreshDatabase } from './db-template.ts';
import { setupTestDatabase, testConfig } from './helper.ts';

const t = await setupTestDatabase();

describe('health endpoints', () => {
  it('answers liveness without the database, and keeps /api/health', async () => {
    const app = await t.buildTestApp();
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ data: { status: 'ok' } });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ data: { status: 'ok' } });
  });

  it('is ready when the database answers', async () => {
    const app = await t.buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      data: { status: 'ready', checks: [{ name: 'database', status: 'ok', ms: expect.any(Number) }] },
    });
  });

  it('answers 503 with the reason when the database is gone, while liveness still answers', async () => {
    const app = await t.buildTestApp();
    // An app of its own on a database that then goes away.
    const database = await openFreshDatabase({ reuse: false });
    const orphan = await buildApp({ config: testConfig(), database, logger: false, mailSender: null });
    await database.close();
    try {
      const res = await orphan.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'Not ready: database (failed) failed.',
        status: 'not_ready',
        checks: [{ name: 'database', status: 'failed', ms: expect.any(Number) }],
      });
      expect((await orphan.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await orphan.close();
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('runs the readiness checks other parts add (a failing and a hanging one), each with its own timeout', async () => {
    const jobs: FastifyPluginAsync = async (app) => {
      app.addReadinessCheck('jobs', async () => {
        throw new Error('job engine stopped');
      });
      app.addReadinessCheck('cache', () => new Promise<void>(() => {}), { timeoutMs: 100 });
    };
    const app = await t.buildTestApp({}, { plugins: [jobs] });
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'Not ready: jobs (failed), cache (timeout) failed.',
      status: 'not_ready',
      checks: [
        { name: 'database', status: 'ok' },
        { name: 'jobs', status: 'failed' },
        { name: 'cache', status: 'timeout' },
      ],
    });
  });

  it('refuses a second check with the same name', async () => {
    const twice: FastifyPluginAsync = async (app) => {
      app.addReadinessCheck('database', async () => {});
    };
    await expect(t.buildTestApp({}, { plugins: [twice] })).rejects.toThrow(
      /'database' is already registered/,
    );
  });

  it('answers health calls in maintenance mode', async () => {
    const app = await t.buildTestApp({ maintenanceMode: true });
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('documents the health calls in the OpenAPI under system', async () => {
    const app = await t.buildTestApp();
    const spec = app.swagger() as { paths: Record<string, { get: { tags: string[]; responses: object } }> };
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready'])
      expect(spec.paths[url]?.get.tags).toEqual(['system']);
    // Its own 503 (not ready, with the reason), then the shared error replies.
    expect(Object.keys(spec.paths['/api/health/ready']!.get.responses)).toEqual(['200', '503', '4XX', '5XX']);
  });
});

describe('demo routes exist only in demo mode', () => {
  it('serves no mail outbox and no API docs without demo mode', async () => {
    const app = await t.buildTestApp({ demoMode: false });
    for (const url of ['/api/dev/mail', '/api/dev/mail/messages', '/api/docs', '/api/docs/json']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('serves them in demo mode', async () => {
    const app = await t.buildTestApp({ demoMode: true });
    expect((await app.inject({ method: 'GET', url: '/api/dev/mail/messages' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
