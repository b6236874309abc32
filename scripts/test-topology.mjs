#!/usr/bin/env node
// `npm run test:topology` (part of `npm test`): deploy/compose.yaml's topology without containers, as far as this
// machine can run it (no Docker daemon, no image registry; decision 068):
//  - the runtime tree the Dockerfile's image holds (deploy/runtime-tree.mjs: the built bundle and sites plus
//    `npm ci --omit=dev`), read-only, its processes run as an unprivileged user (nobody, when this runs as root);
//  - two of them on one PostgreSQL database and Redis, in production mode with the demo operator;
//  - Debian's nginx in front, with the compose file's own configuration (deploy/nginx/fieldhouse.conf.template);
//  - members' traffic through the proxy while each process in turn is stopped (SIGTERM) and started again, as a
//    rolling upgrade does: not one request may fail, and both processes must have answered before and after;
//  - and that restart is an upgrade (issue 41, docs/upgrades.md): both processes start on the previous release
//    (deploy/previous-release: its commit, built here from git, its runtime tree made by its own script), which
//    makes the schema and seeds the demo; the first process is replaced by this release, which migrates while the
//    previous release's process keeps serving on the new schema, and a member's log-in, timetable and basket are
//    checked on that old process directly before it is replaced in turn; then one process goes back to the previous
//    release (a rollback) and serves a member again. Without the previous release's commit (a
//    shallow clone) it says so and restarts this release only; under CI that fails.
// Needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432), nginx and Redis (127.0.0.1:6379); without them it says
// so, and fails under CI.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeRuntimeTree } from '../deploy/runtime-tree.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { ensurePreviousTree, previousRelease } from './lib/previous-release.mjs';
import { findTestPostgres, portAnswers, redactUrl } from './lib/test-postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const log = (line) => console.log(`${seconds().padStart(6)}s  ${line}`);
const missing = (what) => {
  console.log(`The topology test needs ${what}.`);
  process.exit(process.env.CI ? 1 : 0);
};

const which = (name) => {
  const found = spawnSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name} 2>/dev/null`], {
    encoding: 'utf8',
  });
  return found.stdout.trim().split('\n')[0] || null;
};
const nginx = which('nginx');
if (!nginx) missing('nginx (Debian: apt-get install nginx-light)');
const pgUrl = await findTestPostgres();
if (!pgUrl) missing('PostgreSQL (TEST_DATABASE_URL, or a server on 127.0.0.1:5432)');
if (!(await portAnswers('127.0.0.1', 6379))) missing('Redis on 127.0.0.1:6379');

// TOPOLOGY_PORT (default 4420) and the next two: the proxy, then the two processes.
const basePort = Number(process.env.TOPOLOGY_PORT ?? 4420);
const proxyPort = basePort;
const appPorts = [basePort + 1, basePort + 2];
const proxy = `http://127.0.0.1:${proxyPort}`;

const work = join(os.tmpdir(), `fieldhouse-topology-${process.pid}`);
const tree = join(work, 'app');
const state = join(work, 'state');
const asRoot = process.getuid?.() === 0;
/** As root, the processes run as nobody (the image's user is node; any unprivileged one shows the same). */
const runAs = asRoot ? { uid: 65534, gid: 65534 } : null;

const children = new Set();
let nginxProcess = null;
/** The previous release's runtime tree (.previous-release, by commit), when this clone has its commit. */
let previousTree = null;
const database = `fh_topology_${process.pid}`;
const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: pgUrl });
const appUrl = (() => {
  const url = new URL(pgUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

let failed = false;
try {
  buildIfStale();
  log('Making the runtime tree (npm ci --omit=dev) …');
  makeRuntimeTree(tree);
  readOnly(tree);
  mkdirSync(join(state, 'files'), { recursive: true });
  if (runAs) for (const dir of [state, join(state, 'files')]) chownSync(dir, runAs.uid, runAs.gid);
  log(`Runtime tree: ${du(tree)} MB, read-only${runAs ? ', run as nobody' : ''}`);
  const previous = previousRelease();
  if (previous) {
    log(
      `The previous release ${previous.slice(0, 10)} (made by npm run build:previous, or now if it is missing) …`,
    );
    previousTree = await ensurePreviousTree(previous, join(work, 'previous-release.log'));
    readOnly(previousTree);
    log(`Previous release's runtime tree: ${du(previousTree)} MB, read-only`);
  } else if (process.env.CI) {
    throw new Error(
      'deploy/previous-release names a commit this clone does not have: the upgrade is not tested',
    );
  } else log('The previous release is not in this clone: restarting this release only');

  // An operator command from the same tree, on the same Node: the catalogue check.
  const check = spawnSync(
    process.execPath,
    [join(tree, 'apps/api/src/cli/catalogue.ts'), 'validate', join(tree, 'catalogue/demo.yaml')],
    { cwd: tree, encoding: 'utf8', ...(runAs ?? {}) },
  );
  if (check.status !== 0)
    throw new Error(
      `npm run catalogue -- validate failed in the runtime tree:\n${check.stdout}${check.stderr}`,
    );
  log('The operator commands run from the runtime tree (catalogue validate)');

  await admin.connect();
  await admin.query(`create database ${database}`);
  log(`Database ${database} on ${redactUrl(pgUrl)}`);

  const apps = appPorts.map((port, i) => ({
    name: `process ${i + 1}`,
    port,
    child: null,
    tree: previous ? previousTree : tree,
  }));
  // The first process migrates and seeds the demo operator; the second starts on that database. With the previous
  // release, both run it: the schema and the demo are the previous release's.
  for (const app of apps) await startApp(app);

  const accessLog = join(work, 'nginx-access.log');
  startNginx(accessLog);
  await waitFor(`${proxy}/api/health/ready`, 30_000, 'the proxy');
  log(`nginx on ${proxy} in front of ${appPorts.map((p) => `127.0.0.1:${p}`).join(' and ')}`);

  // The demo through the proxy, as a member opens it.
  const venues = await json(`${proxy}/api/venues`);
  const slug = venues.data?.venues?.[0]?.slug;
  if (!slug) throw new Error('The demo lists no venues through the proxy');
  for (const path of ['/', `/venues/${slug}`, '/account/login', '/join/']) {
    const res = await fetch(`${proxy}${path}`);
    const body = await res.text();
    if (res.status !== 200 || !body.includes('fh-config'))
      throw new Error(`${path} through the proxy: ${res.status}, not the site's page`);
  }
  const session = await logIn();
  const user = await fetch(`${proxy}/api/auth/user`, { headers: { cookie: session } });
  const userText = await user.text();
  if (user.status !== 200 || !userText.includes('demo@fieldhouse.test'))
    throw new Error(
      `GET /api/auth/user with the demo member's session: ${user.status} ${userText.slice(0, 200)}`,
    );
  log(
    `The demo answers through the proxy: 4 pages, /api/venues (${venues.data.pagination.total_records} venues), a member's log-in`,
  );

  // Members' traffic while each process is stopped and started again in turn.
  const traffic = startTraffic(slug);
  await sleep(3_000);
  const before = upstreamsIn(accessLog);
  for (const [i, app] of apps.entries()) {
    log(`Stopping ${app.name} (SIGTERM) under load …`);
    const code = await stopApp(app);
    if (code !== 0) throw new Error(`${app.name} exited ${code} on SIGTERM, not 0`);
    await sleep(1_000);
    const wasPrevious = app.tree === previousTree;
    app.tree = tree;
    // This release's first process migrates the database the previous release made.
    await startApp(app);
    if (wasPrevious && i === 0) {
      const old = apps[1];
      await memberJourney(`http://127.0.0.1:${old.port}`, slug);
      log(
        `The previous release's ${old.name} serves a member on the new schema: log-in, timetable, basket add and remove`,
      );
      await memberJourney(`http://127.0.0.1:${app.port}`, slug);
    }
    // Longer than the proxy's fail_timeout (3 s), as the rolling restart in the README says.
    await sleep(4_000);
  }
  if (previous) {
    // Going back one release (docs/upgrades.md): the previous release's build on this release's schema.
    const back = apps[1];
    log(`Rolling ${back.name} back to the previous release under load …`);
    const code = await stopApp(back);
    if (code !== 0) throw new Error(`${back.name} exited ${code} on SIGTERM, not 0`);
    await sleep(1_000);
    back.tree = previousTree;
    await startApp(back);
    await memberJourney(`http://127.0.0.1:${back.port}`, slug);
    log(`The previous release started again on the new schema and serves a member (a rollback)`);
    await sleep(4_000);
  }
  await sleep(3_000);
  const result = await traffic.stop();
  const after = upstreamsIn(accessLog, before.lines);
  log(
    `${result.requests} requests during the ${previous ? 'upgrade from the previous release' : 'restarts'} (${result.posts} of them POSTs), ${result.failures.length} failed; ` +
      `answered by ${[...after.upstreams].join(', ')}`,
  );
  if (result.failures.length)
    throw new Error(
      `Requests failed during the rolling restart:\n  ${result.failures.slice(0, 10).join('\n  ')}`,
    );
  if (result.requests < 100) throw new Error(`Only ${result.requests} requests ran: the test proved little`);
  for (const port of appPorts) {
    if (!before.upstreams.has(`127.0.0.1:${port}`))
      throw new Error(`127.0.0.1:${port} answered nothing through the proxy before the restarts`);
    if (!after.upstreams.has(`127.0.0.1:${port}`))
      throw new Error(`127.0.0.1:${port} answered nothing through the proxy after the restarts`);
  }
  log('Topology test passed');
} catch (err) {
  failed = true;
  console.error(`\nTopology test FAILED: ${err instanceof Error ? err.message : err}`);
  for (const file of ['process-1.log', 'process-2.log', 'nginx-error.log', 'previous-release.log']) {
    try {
      const text = readFileSync(join(work, file), 'utf8').trim().split('\n').slice(-15).join('\n');
      if (text) console.error(`\n--- last lines of ${file} ---\n${text}`);
    } catch {}
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
  // nginx's master stops its workers on SIGTERM (a SIGKILL would leave them running).
  if (nginxProcess && nginxProcess.exitCode === null) {
    const exited = new Promise((resolve) => nginxProcess.once('exit', resolve));
    nginxProcess.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
  }
  await sleep(300);
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
  } catch {}
  await admin.end().catch(() => {});
  chmodTree(tree, 0o755);
  // The cached tree is made writable again (read-only only while the test runs).
  if (previousTree) chmodTree(previousTree, 0o755);
  if (failed && process.env.TOPOLOGY_KEEP) console.error(`Kept ${work}`);
  // Removing the tree's 30,000 files takes a minute on a busy host: a process of its own does it, unwaited.
  else spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
}
log(failed ? 'FAILED' : 'passed');
process.exit(failed ? 1 : 0);

/**
 * A member on one process directly (not through the proxy): log in, their account, the venue's timetable, a session
 * into the basket and out again. On the previous release's process after this release migrated, it shows the old
 * code reads and writes the new schema.
 */
async function memberJourney(base, slug) {
  const csrf = { 'x-csrf-token': 'upgrade', 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/auth/customer/login`, {
    method: 'POST',
    headers: { ...csrf, cookie: 'fh_csrf=upgrade' },
    body: JSON.stringify({ username: 'demo@fieldhouse.test', password: 'Fieldhouse1!' }),
  });
  if (login.status !== 200) throw new Error(`${base}: log-in answered ${login.status}`);
  const cookie = [
    'fh_csrf=upgrade',
    ...login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.startsWith('fh_csrf=')),
  ].join('; ');
  const call = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...csrf, cookie },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${base}: ${method} ${path} answered ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  const user = await call('GET', '/api/auth/user');
  if (!JSON.stringify(user).includes('demo@fieldhouse.test'))
    throw new Error(`${base}: GET /api/auth/user is not the member`);
  const timetable = await call('GET', `/api/venues/${slug}/sessions`);
  // The last bookable session of the fortnight: the traffic's members and the demo's bookings leave it alone.
  const session = timetable.data.sessions.findLast((s) => s.state === 'bookable' && s.price.raw > 0);
  if (!session) throw new Error(`${base}: no bookable session in the timetable of ${slug}`);
  const added = await call('POST', '/api/cart/add', { items: [{ id: session.id, type: 'activity' }] });
  const item = added.data.items.find((i) => i.cartable_type === 'activity' && i.cartable_id === session.id);
  if (!item) throw new Error(`${base}: session ${session.id} is not in the basket after adding it`);
  const left = await call('POST', '/api/cart/remove', { cart_item_ids: [item.id] });
  if (left.data.items.some((i) => i.id === item.id))
    throw new Error(`${base}: the basket line was not removed`);
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

function du(dir) {
  const out = spawnSync('du', ['-sm', dir], { encoding: 'utf8' }).stdout;
  return Number.parseInt(out, 10);
}

/**
 * The tree's folders read-only (no file made, renamed or removed in them); its files belong to root and are not
 * writable by the unprivileged user the processes run as, as in the image.
 */
function readOnly(dir) {
  chmodTree(dir, 0o555);
}
function chmodTree(dir, mode) {
  let entries;
  try {
    chmodSync(dir, 0o755);
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) if (entry.isDirectory()) chmodTree(join(dir, entry.name), mode);
  chmodSync(dir, mode);
}

async function waitFor(url, timeoutMs, what, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${what} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

async function startApp(app) {
  const logFile = join(work, `${app.name.replace(' ', '-')}.log`);
  const child = spawn(process.execPath, ['--liftoff-only', join(app.tree, 'apps/api/dist/main.js')], {
    cwd: app.tree,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      PORT: String(app.port),
      HOST: '127.0.0.1',
      DATABASE_URL: appUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `${database}:`,
      DATA_DIR: state,
      STORAGE_DIR: join(state, 'files'),
      TRUST_PROXY: '127.0.0.1',
      DEMO_MODE: 'true',
      DEMO_MODE_IN_PRODUCTION: 'i-understand-this-is-public',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(runAs ?? {}),
  });
  const sink = [];
  child.stdout.on('data', (d) => sink.push(d));
  child.stderr.on('data', (d) => sink.push(d));
  // Appended: a process's log keeps what each release it ran wrote.
  child.on('close', () => writeFileSync(logFile, Buffer.concat(sink), { flag: 'a' }));
  children.add(child);
  child.on('exit', () => children.delete(child));
  app.child = child;
  // Generous: the first start migrates and seeds the demo, on a host that may be busy with other tests.
  await waitFor(`http://127.0.0.1:${app.port}/api/health/ready`, 300_000, app.name, child);
  log(
    `${app.name} ready on 127.0.0.1:${app.port} (pid ${child.pid}, ${app.tree === tree ? 'this release' : 'the previous release'})`,
  );
}

function stopApp(app) {
  return new Promise((resolve) => {
    app.child.once('exit', (code, signal) => resolve(code ?? signal));
    app.child.kill('SIGTERM');
  });
}

function startNginx(accessLog) {
  const template = readFileSync(join(root, 'deploy/nginx/fieldhouse.conf.template'), 'utf8');
  const values = {
    FIELDHOUSE_UPSTREAM_1: `127.0.0.1:${appPorts[0]}`,
    FIELDHOUSE_UPSTREAM_2: `127.0.0.1:${appPorts[1]}`,
    FIELDHOUSE_PROXY_PORT: `127.0.0.1:${proxyPort}`,
    FIELDHOUSE_ACCESS_LOG: accessLog,
  };
  // As the nginx image's entrypoint does (envsubst of the variables it has): ${NAME} only; nginx's own $vars stay.
  const site = template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => values[name] ?? whole);
  if (/\$\{[A-Z0-9_]+\}/.test(site))
    throw new Error('The nginx template has a variable the test does not set');
  writeFileSync(join(work, 'fieldhouse.conf'), site);
  for (const dir of ['client_body', 'proxy']) mkdirSync(join(work, 'nginx-temp', dir), { recursive: true });
  chmodSync(join(work, 'nginx-temp'), 0o777);
  for (const dir of ['client_body', 'proxy']) chmodSync(join(work, 'nginx-temp', dir), 0o777);
  writeFileSync(
    join(work, 'nginx.conf'),
    `${asRoot ? 'user nobody nogroup;\n' : ''}worker_processes 1;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
    client_body_temp_path ${join(work, 'nginx-temp/client_body')};
    proxy_temp_path ${join(work, 'nginx-temp/proxy')};
    fastcgi_temp_path ${join(work, 'nginx-temp/proxy')};
    uwsgi_temp_path ${join(work, 'nginx-temp/proxy')};
    scgi_temp_path ${join(work, 'nginx-temp/proxy')};
    include ${join(work, 'fieldhouse.conf')};
}
`,
  );
  writeFileSync(accessLog, '');
  chmodSync(accessLog, 0o666);
  const child = spawn(
    nginx,
    ['-p', work, '-e', join(work, 'nginx-error.log'), '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: 'ignore' },
  );
  nginxProcess = child;
}

/** The upstreams the access log names from line `from` on (nginx writes `upstream=a:1, b:2` when it moved on). */
function upstreamsIn(file, from = 0) {
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const upstreams = new Set();
  for (const line of lines.slice(from)) {
    const match = / upstream=(\S.*?) upstream_status=/.exec(line);
    if (!match) continue;
    for (const address of match[1].split(/,\s*|\s+:\s+/))
      if (/^[\d.]+:\d+$/.test(address.trim())) upstreams.add(address.trim());
  }
  return { upstreams, lines: lines.length };
}

async function json(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

async function logIn() {
  const res = await fetch(`${proxy}/api/auth/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'topology', cookie: 'fh_csrf=topology' },
    body: JSON.stringify({ username: 'demo@fieldhouse.test', password: 'Fieldhouse1!' }),
  });
  if (res.status !== 200) throw new Error(`The demo member's log-in through the proxy: ${res.status}`);
  return [
    'fh_csrf=topology',
    ...res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.startsWith('fh_csrf=')),
  ].join('; ');
}

/**
 * Four members' worth of requests until stopped: the venue list, a venue page and its timetable, and every third
 * round a log-in (a POST, which nginx does not resend once sent), each checked for its status.
 */
function startTraffic(slug) {
  let running = true;
  const result = { requests: 0, posts: 0, failures: [] };
  const check = async (label, promise, ok = [200]) => {
    result.requests++;
    try {
      const res = await promise;
      await res.arrayBuffer();
      if (!ok.includes(res.status)) result.failures.push(`${label}: ${res.status}`);
    } catch (err) {
      result.failures.push(`${label}: ${err instanceof Error ? err.message : err}`);
    }
  };
  const member = async () => {
    let round = 0;
    while (running) {
      const signal = AbortSignal.timeout(15_000);
      await check('GET /api/venues', fetch(`${proxy}/api/venues`, { signal }));
      await check(`GET /venues/${slug}`, fetch(`${proxy}/venues/${slug}`, { signal }));
      await check('GET timetable', fetch(`${proxy}/api/venues/${slug}/sessions`, { signal }));
      if (round++ % 3 === 0) {
        result.posts++;
        await check(
          'POST log-in',
          fetch(`${proxy}/api/auth/customer/login`, {
            method: 'POST',
            signal,
            headers: { 'content-type': 'application/json', 'x-csrf-token': 't', cookie: 'fh_csrf=t' },
            body: JSON.stringify({ username: 'demo@fieldhouse.test', password: 'Fieldhouse1!' }),
          }),
        );
      }
      await sleep(50);
    }
  };
  const members = Array.from({ length: 4 }, member);
  return {
    async stop() {
      running = false;
      await Promise.all(members);
      return result;
    },
  };
}
