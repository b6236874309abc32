import { fileURLToPath } from 'node:url';

/**
 * The folders the server reads its own files from, found from this module's place: `apps/api/src/paths.ts` when the
 * server runs from its sources, a file in `apps/api/dist/` when it runs as the built bundle (docs/decisions/044).
 * Both are one folder below `apps/api/`, so the same relative URLs hold for both; every other module takes its
 * paths from here rather than from its own place, which the bundle changes.
 */
const API_ROOT = new URL('../', import.meta.url);

/** The repository's root (the web build, the demo catalogue). */
export const REPO_ROOT = fileURLToPath(new URL('../../', API_ROOT));

/** A path inside `apps/api/` (migrations, static files, data, fonts). */
export const apiPath = (relative: string): string => fileURLToPath(new URL(relative, API_ROOT));
