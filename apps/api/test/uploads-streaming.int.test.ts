import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../src/services/storage/file-storage.ts';
import { LocalDiskStorage } from '../src/services/storage/local-disk-storage.ts';
import { NOW, pdf, uploadsTestbed } from './uploads.fixtures.ts';

/** A full garbage collection (V8's gc, exposed for this test only). */
const collectGarbage = () => {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
};

const { t, createStudent, documentForm } = await uploadsTestbed();

describe('streamed uploads', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fh-stream-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('pipes a document into storage while the client is still sending it (never read whole first)', async () => {
    const disk = new LocalDiskStorage(root);
    let received = 0;
    const bodies: unknown[] = [];
    const spy: FileStorage = {
      put: (key, body, contentType) => {
        bodies.push(body);
        async function* tap() {
          for await (const chunk of body) {
            received += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        }
        return disk.put(key, Readable.from(tap()), contentType);
      },
      get: (key) => disk.get(key),
      delete: (key) => disk.delete(key),
    };
    const app = await t.buildTestApp({}, { now: () => NOW, storage: spy });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const me = await createStudent();
    const form = documentForm(me.membership.id);
    const bytes = pdf(6_000_000);
    // Sampled in the same tick as the client sends the rest of the file, so nothing can arrive in between.
    let receivedBeforeTheRest = -1;
    const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/eligibility/document',
          headers: { ...me.session.headers, 'content-type': form.contentType },
        },
        (response) => {
          let body = '';
          response.on('data', (c: Buffer) => {
            body += c.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      request.on('error', reject);
      request.write(Buffer.concat([form.head, bytes.subarray(0, 1_000_000)]));
      // Only once storage has been handed the first part of the file does the client send the rest.
      const started = Date.now();
      const wait = setInterval(() => {
        if (received >= 500_000 || Date.now() - started > 10_000) {
          clearInterval(wait);
          receivedBeforeTheRest = received;
          request.end(Buffer.concat([bytes.subarray(1_000_000), form.tail]));
        }
      }, 20);
    });
    const response = await done;
    expect(receivedBeforeTheRest).toBeGreaterThanOrEqual(500_000);
    expect(receivedBeforeTheRest).toBeLessThanOrEqual(1_000_000);
    expect(response.status, response.body).toBe(201);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeInstanceOf(Readable);
    expect(received).toBe(6_000_000);
  });

  it("ten 19.9 MB documents do not grow the server's memory by anything like their size", async () => {
    // Sampled where a server that read uploads whole would still hold one: as storage finishes with the file,
    // after a full collection, the bytes held in Buffers and ArrayBuffers, against the same with no upload running. (Not the process's resident size: the
    // integration files share one process, and what earlier files left behind, PGlite's heap among it, moved that
    // by a fixed 79 MB in two CI runs.)
    const held: number[] = [];
    const disk = new LocalDiskStorage(root);
    const storage: FileStorage = {
      put: async (key, body, contentType) => {
        const stored = await disk.put(key, body, contentType);
        collectGarbage();
        held.push(process.memoryUsage().arrayBuffers);
        return stored;
      },
      get: (key) => disk.get(key),
      delete: (key) => disk.delete(key),
    };
    const app = await t.buildTestApp({}, { now: () => NOW, storage });
    const me = await createStudent();
    const form = documentForm(me.membership.id);
    const file = pdf(19_900_000);
    // The body as a stream of views on the one file (not a copy of it per request, as a Buffer payload would be).
    const body = () =>
      Readable.from(
        (function* () {
          yield form.head;
          for (let at = 0; at < file.length; at += 65_536) yield file.subarray(at, at + 65_536);
          yield form.tail;
        })(),
      );
    const headers = { ...me.session.headers, 'content-type': form.contentType };
    const send = () =>
      app.inject({ method: 'POST', url: '/api/eligibility/document', headers, payload: body() });
    expect((await send()).statusCode).toBe(201); // warm up
    collectGarbage();
    const idle = process.memoryUsage().arrayBuffers; // the test's own 19.9 MB file included
    for (let i = 0; i < 9; i++) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(held).toHaveLength(10);
    const growth = (Math.max(...held.slice(1)) - idle) / 1_000_000;
    // Measured here: 0.2 MB streamed; 40 MB when storage was handed the file read whole (a wrapper doing so).
    expect(growth).toBeLessThan(8);
  });
});
