import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MAIN_TS = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export type Spawned = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** The environment of a spawned server: ours without the test database URL, quiet logs, no web build. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { TEST_DATABASE_URL: _, DATABASE_URL: __, DEMO_MODE: ___, ...env } = process.env;
  return { ...env, LOG_LEVEL: 'warn', SKIP_BUILD: '1', WEB_DIST: '/nonexistent-fh-web-dist', ...extra };
}

/**
 * Spawns a process (default: the API server's main.ts, run by Node's own type stripping), collecting stdout and
 * stderr together.
 */
export function spawnProcess(env: NodeJS.ProcessEnv, args = [MAIN_TS], command = process.execPath) {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited } satisfies Spawned;
}

/** Resolves when the server answers `/api/health` on the port; rejects when it exits first or times out. */
export async function waitUntilLive(spawned: Spawned, port: number, timeoutMs = 60_000) {
  let exited = false;
  void spawned.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited before it was live:\n${spawned.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server was not live after ${timeoutMs} ms:\n${spawned.output()}`);
}

/** Kills a spawned process left running by a failed test (by its own pid only). */
export function killIfRunning(spawned: Spawned | undefined) {
  if (spawned && spawned.child.exitCode === null && spawned.child.signalCode === null)
    spawned.child.kill('SIGKILL');
}
