import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/folder-lock.ts';
import { shutdownGracefully } from '../src/runtime/shutdown.ts';
import { setupTestDatabase } from './helper.ts';
import {
  freePort,
  killIfRunning,
  portAnswers,
  type Spawned,
  serverEnv,
  spawnProcess,
  waitUntilLive,
} from './process-helper.ts';

const t = await setupTestDatabase();

/** A probe route that answers only when the test lets it. */
function slowProbe() {
  let enter = () => {};
  let finish = () => {};
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const plugin: FastifyPluginAsync = async (app) => {
    app.get('/test/slow', async () => {
      enter();
      await gate;
      return { data: { done: true } };
    });
  };
  return { plugin, entered, finish: () => finish() };
}

/** A raw HTTP/1.1 connection (to control exactly when each byte of a request arrives). */
function rawClient(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  return { socket, received: () => received };
}

describe('draining on shutdown', () => {
  it('finishes an in-flight request while closing, refuses new connections and says "shutting down"', async () => {
    const probe = slowProbe();
    const app = await t.buildTestApp({}, { plugins: [probe.plugin] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const slow = rawClient(port);
    slow.socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await probe.entered;
    // A balancer's probe already on its way when the shutdown begins (headers sent, not yet complete).
    const probeCall = rawClient(port);
    probeCall.socket.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((r) => setTimeout(r, 100));
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(false);
    expect(await portAnswers(port)).toBe(false);
    probeCall.socket.write('\r\n');
    await vi.waitFor(() => expect(probeCall.received()).toContain('"status":"shutting_down"'));
    expect(probeCall.received()).toMatch(/^HTTP\/1\.1 503/);
    expect(probeCall.received()).toContain(
      '{"message":"Shutting down.","status":"shutting_down","checks":[]}',
    );
    expect(closed).toBe(false);
    probe.finish();
    await closing;
    await vi.waitFor(() => expect(slow.received()).toContain('{"data":{"done":true}}'));
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(slow.received()).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('exits anyway with code 1 when requests outlast the shutdown timeout', async () => {
    const probe = slowProbe();
    const app = await t.buildTestApp({}, { plugins: [probe.plugin] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const stuck = rawClient(port);
    stuck.socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await probe.entered;

    const exit = vi.fn();
    const database = { close: vi.fn(async () => {}) };
    const started = Date.now();
    const done = shutdownGracefully('test', { app, database, timeoutMs: 300, exit });
    await vi.waitFor(() => expect(exit).toHaveBeenCalled(), { timeout: 3000, interval: 20 });
    expect(exit.mock.calls[0]).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(database.close).not.toHaveBeenCalled();

    probe.finish();
    await done;
    await vi.waitFor(() => expect(stuck.received()).toContain('{"data":{"done":true}}'));
    expect(stuck.received()).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('closes the app, then the database, then exits 0', async () => {
    const order: string[] = [];
    const app = await t.buildTestApp(
      {},
      {
        plugins: [
          async (instance) => {
            instance.addHook('onClose', async () => {
              order.push('app');
            });
          },
        ],
      },
    );
    await shutdownGracefully('test', {
      app,
      database: { close: async () => void order.push('database') },
      stopBackground: () => void order.push('background'),
      timeoutMs: 5000,
      exit: (code) => order.push(`exit ${code}`),
    });
    expect(order).toEqual(['background', 'app', 'database', 'exit 0']);
  });
});

// `npm start` is a PGlite server here; the PostgreSQL run would repeat the same test.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm start', () => {
  let folder = '';
  beforeAll(() => {
    // Made here, not at collection: a skipped block runs no afterAll.
    folder = mkdtempSync(path.join(os.tmpdir(), 'fh-npm-start-'));
  });
  let spawned: Spawned | undefined;
  afterEach(() => killIfRunning(spawned));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('forwards SIGTERM: the server shuts down, frees the port and releases the data folder', async () => {
    const port = await freePort();
    spawned = spawnProcess(
      serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: folder, LOG_LEVEL: 'info' }),
      ['start'],
      'npm',
    );
    // A first start migrates and seeds a new PGlite folder: slow when other stages share the machine (decision 025).
    await waitUntilLive(spawned, port, 180_000);
    // `npm install && npm start` shows the demo: start.mjs turns demo mode on when DEMO_MODE is unset.
    expect(spawned.output()).toContain('npm start: demo mode on');
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/mail/messages`)).status).toBe(200);
    expect(existsSync(path.join(folder, LOCK_FILE_NAME))).toBe(true);

    spawned.child.kill('SIGTERM');
    const exited = await Promise.race([
      spawned.exited,
      new Promise((r) => setTimeout(() => r('still running'), 20_000)),
    ]);
    expect(exited).not.toBe('still running');
    // Before the fix npm exited and left the server serving (its shell did not pass the signal on).
    await vi.waitFor(async () => expect(await portAnswers(port)).toBe(false), {
      timeout: 20_000,
      interval: 200,
    });
    await vi.waitFor(() => expect(existsSync(path.join(folder, LOCK_FILE_NAME))).toBe(false), {
      timeout: 20_000,
      interval: 200,
    });
    expect(spawned.output()).toContain('"msg":"Shut down"');
  }, 300_000);
});
