/**
 * The import rules of ARCHITECTURE.md, checked by `npm run lint:imports` (part of `npm test`); decision 023.
 * A rule broken here is a design question first: move the shared piece down (to `lib/`, the owning domain's
 * `index.ts`, `src/lib` or `src/shell`) rather than adding an exception.
 */
const DOMAIN = '^apps/api/src/services/([^/]+)/';
const TESTS = '[.](test|int[.]test|spec)[.]tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No module imports itself through others (type-only imports included: they hide a tangled design).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-service-domains',
      severity: 'error',
      comment:
        'The services domains (apps/api/src/services/<domain>) form a one-way graph: no domain reaches back to ' +
        'one that depends on it, however indirectly.',
      scope: 'folder',
      from: { path: '^apps/api/src/services/[^/]+$' },
      to: { path: '^apps/api/src/services/[^/]+$', circular: true },
    },
    {
      name: 'services-only-through-public-index',
      severity: 'error',
      comment:
        "A service reaches another domain only through that domain's public functions: " +
        'services/<domain>/index.ts. Inside a domain, modules import each other directly (never their own index).',
      from: { path: DOMAIN },
      to: {
        path: '^apps/api/src/services/',
        pathNot: ['^apps/api/src/services/$1/', '^apps/api/src/services/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'no-own-domain-index',
      severity: 'error',
      comment:
        "A domain's own modules import each other directly, not through its index.ts (that would be a cycle).",
      from: { path: DOMAIN, pathNot: '/index[.]ts$' },
      to: { path: '^apps/api/src/services/$1/index[.]ts$' },
    },
    {
      name: 'features-never-import-features',
      severity: 'error',
      comment:
        'apps/web/src/features/<a> never imports features/<b>: shared pieces move down to src/api (server calls), src/lib, src/shell ' +
        'or src/ui. Sites (src/sites) compose features.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'contract-imports-only-zod',
      severity: 'error',
      comment:
        'packages/contract is zod schemas and plain constants: it imports zod and its own files, nothing else.',
      from: { path: '^packages/contract/', pathNot: TESTS },
      to: { pathNot: ['^packages/contract/', '^node_modules/zod/'] },
    },
    {
      name: 'api-never-imports-web',
      severity: 'error',
      comment: 'The server serves the built sites; it never imports their source.',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-never-imports-api',
      severity: 'error',
      comment: 'The web app knows the server only through the contract and src/lib/api.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (a typo or a missing dependency would hide from the rules above).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^apps/api/drizzle/', TESTS] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.d.ts', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    progress: { type: 'none' },
  },
};
