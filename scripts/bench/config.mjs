// The bench's options (from the command line) and the constants its modules share.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
export const CUSTOMERS = Number(arg('customers', 1000));
export const RUNS = Number(arg('runs', 3));
export const SECONDS = Number(arg('seconds', 2));
export const ONLY = arg('only', null);
// Extra node options for the server, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
export const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** With server node options, each phase's start and end on the monotonic clock (µs, as in a .cpuprofile). */
export const mark = (phase) => {
  if (SERVER_NODE_ARGS.length) console.log(`mark ${phase} ${process.hrtime.bigint() / 1000n}`);
};
export const SESSIONS = 50;
export const PLACES = 20;
export const REGISTER_CONCURRENCY = 20;
export const RUSH_CONCURRENCY = 50;
export const CONNECTIONS = 20;
export const CSRF = 'bench-csrf-token';
/** The session cookie of the seeded member with a long order history (HISTORY_ORDERS orders). */
export const HISTORY_TOKEN = 'bench-history-member-session-token';
export const HISTORY_ORDERS = 1000;
export const PASSWORD = 'Str0ng!pass';
