/**
 * The cluster proof's infrastructure (cluster.test.ts): an SMTP server that records what it receives, API processes
 * started from the sources, their readiness, and a round-robin proxy in front of them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER, SESSION_COOKIE } from '@fieldhouse/contract';
import { SMTPServer } from 'smtp-server';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Where the cluster's processes store uploaded files. */
export const CLUSTER_FILES = path.join(ROOT, 'node_modules/.cache/fh-cluster-files');

export type Received = { messageId: string; to: string; subject: string };

export function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const head = text.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) =>
          head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
        received.push({
          messageId: header('Message-ID'),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(','),
          subject: header('Subject'),
        });
        callback();
      });
    },
  });
  // The process killed mid-rush may be holding a connection to the sink: its socket resets (ECONNRESET), as a real
  // mail server would see; without a listener smtp-server raises that as an unhandled error in the test.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  return new Promise<{ port: number; received: Received[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.server.address() as AddressInfo).port,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

export const freePort = async () => {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
};

/** The environment of each API process: production, the test's database and SMTP sink, short mail and job timers. */
export function clusterApiEnv(options: {
  databaseUrl: string;
  smtpPort: number;
  forgottenPasswordLimit: number;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
    // A mail attempt in the killed process is retried after this (the local SMTP server answers at once), and the
    // first retry follows 2–4 s later (30–60 s by default).
    MAIL_ATTEMPT_TIMEOUT_SECONDS: '20',
    MAIL_RETRY_DELAY_SECONDS: '2',
    // Expired attempts are noticed every 2 s rather than every 15 s.
    JOB_SUPERVISE_INTERVAL_SECONDS: '2',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    FORGOTTEN_PASSWORD_RATE_LIMIT_PER_MINUTE: String(options.forgottenPasswordLimit),
    STORAGE_DIR: CLUSTER_FILES,
  };
}

export type ApiProcess = { port: number; child: ChildProcess; output: string[] };

export function startApi(port: number, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { port, child, output };
}

export async function waitReady(api: ApiProcess, timeoutMs = 240_000) {
  const started = Date.now();
  for (;;) {
    if (api.child.exitCode !== null)
      throw new Error(`API on ${api.port} exited (${api.child.exitCode}):\n${api.output.join('')}`);
    try {
      const res = await fetch(
        `http://127.0.0.1:${api.port}${process.env.CLUSTER_READY_PATH ?? '/api/health/ready'}`,
      );
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`API on ${api.port} not ready after ${timeoutMs} ms:\n${api.output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A small round-robin HTTP proxy like a load balancer's: a refused connection moves on to the next process (the
 * request never reached it); a connection lost mid-request answers 502, as a balancer would. `x-test-client-ip`
 * becomes X-Forwarded-For so each simulated member has their own address.
 */
export function startProxy(ports: number[]) {
  let next = 0;
  const stats = { forwarded: 0, refusedMovedOn: 0, badGateway: 0 };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const headers = { ...req.headers };
    headers['x-forwarded-for'] = (req.headers['x-test-client-ip'] as string) ?? '127.0.0.1';
    delete headers['x-test-client-ip'];
    for (let attempt = 0; attempt < ports.length * 2; attempt++) {
      const port = ports[next++ % ports.length]!;
      const outcome = await new Promise<'done' | 'refused'>((resolve) => {
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
            up.on('end', () => resolve('done'));
            up.on('error', () => {
              res.destroy();
              resolve('done');
            });
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') return resolve('refused');
          stats.badGateway++;
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'Bad gateway' }));
          resolve('done');
        });
        upstream.end(body);
      });
      if (outcome === 'done') {
        stats.forwarded++;
        return;
      }
      stats.refusedMovedOn++;
    }
    stats.badGateway++;
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'No process answered' }));
  });
  // Like a load balancer's idle timeout, longer than the client's (undici keeps an idle connection 4 s): with Node's
  // default 5 s, a busy machine let the proxy close a connection just as fetch reused it for a POST (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  return new Promise<{ port: number; stats: typeof stats; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        stats,
        close: () => {
          server.closeAllConnections();
          return new Promise<void>((r) => server.close(() => r()));
        },
      }),
    );
  });
}

/** Stops a process that is still running: SIGTERM, then SIGKILL after 10 s. */
export async function stopApi(api: ApiProcess) {
  if (api.child.exitCode !== null) return;
  api.child.kill('SIGTERM');
  await Promise.race([once(api.child, 'exit'), new Promise((r) => setTimeout(r, 10_000))]);
  if (api.child.exitCode === null) api.child.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------------------------
// A member's HTTP client

export const CSRF = 'cluster-csrf-token';

export type Member = { email: string; ip: string; cookie: string };

/** One JSON call to `port` as `member` (their cookie and address), with the CSRF token. */
export async function callApi(
  port: number,
  member: Pick<Member, 'ip' | 'cookie'>,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: member.cookie,
      [CSRF_HEADER]: CSRF,
      'x-test-client-ip': member.ip,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { data?: Record<string, unknown>; message?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (a dropped connection's empty body)
  }
  return { status: res.status, json, setCookie: res.headers.getSetCookie() };
}

/**
 * Retries what a member's phone would retry: connection failures and 502/503 while a process is away. `onRetry` is
 * told of each retry.
 */
export async function callApiRetrying(
  port: number,
  member: Member,
  method: string,
  url: string,
  body: unknown,
  onRetry: () => void,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await callApi(port, member, method, url, body);
      if ((res.status !== 502 && res.status !== 503) || attempt >= 8) return res;
    } catch (err) {
      if (attempt >= 8) throw err;
    }
    onRetry();
    await new Promise((r) => setTimeout(r, 150 * (attempt + 1)));
  }
}

export const sessionCookieFrom = (setCookie: string[]) =>
  setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Runs `work` on every item, `concurrency` at a time. */
export async function inBatches<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let index = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (index < items.length) {
        const i = index++;
        await work(items[i]!, i);
      }
    }),
  );
}
