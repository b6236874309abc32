/**
 * zod must not compile validators with `new Function` (its JIT): the Content-Security-Policy forbids eval, and
 * zod probes for it as each object schema is made — a console error and a Lighthouse best-practices failure. This
 * module is each site's first import, so it runs before any schema exists. It sets zod's shared global config
 * (the object `z.config()` writes, which zod keeps on globalThis so copies of zod agree) rather than importing zod,
 * which would put zod's core into every page's first load; zod-jitless.test.ts fails if zod stops reading it.
 */
// The same object when zod already made it (zod keeps a reference to it: replacing it would go unseen).
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
