// Node options the built server runs with: `npm start` (scripts/start.mjs), the bench, and `npm run serve` (written
// out in package.json, which cannot import this: keep the two the same).
//
// --liftoff-only: PGlite's PostgreSQL is a WebAssembly module. V8 compiles it with its baseline compiler (Liftoff)
// and then recompiles the functions that run often with TurboFan, which for PostgreSQL's large functions took
// hundreds of MB for seconds at every start and kept ~90 MB more at idle. With the hot statements named (decision
// 048) the optimised code bought no measurable speed, so the baseline code is kept (decision 049). Nothing else in
// the server is WebAssembly, and on PostgreSQL the flag changes nothing. It must be given on the command line:
// V8 fixes its flags once it has started (v8.setFlagsFromString before PGlite opens was measured to do nothing),
// and NODE_OPTIONS does not accept it.
export const SERVER_NODE_OPTIONS = ['--liftoff-only'];

// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena (up to eight per core), and each
// arena keeps what was freed in it. The server's threads (libuv's pool hashing passwords, V8's helpers) made the
// built server on PostgreSQL hold 150-151 MB at idle; with two arenas 143-145 MB, and no slower in the bench
// (decision 055). An operator's own value wins. `npm run serve` sets the same in package.json.
export const SERVER_ENV_DEFAULTS = { MALLOC_ARENA_MAX: '2' };

/** `env` with the server's defaults filled in where it has no value of its own. */
export const withServerEnv = (env) => ({ ...SERVER_ENV_DEFAULTS, ...env });
