/** Where the router's location lives (the browser's history, or memory in tests) and how paths resolve. */

export interface Location {
  /** Within the site (without its basename), as in the address bar (still percent-encoded). */
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** The history entry's own key (a new one on every push and replace): its scroll position is kept under it. */
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouterHistory {
  readonly location: Location;
  push(href: string, state: unknown, replace: boolean): void;
  go(delta: number): void;
  listen(onChange: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** What the router writes to `history.state`: the page's own state (`usr`) and the entry's key. */
interface EntryState {
  usr: unknown;
  key: string;
}

const isEntryState = (value: unknown): value is EntryState =>
  typeof value === 'object' &&
  value !== null &&
  'usr' in value &&
  typeof (value as EntryState).key === 'string';

export const browserHistory: RouterHistory = {
  get location() {
    const { pathname, search, hash } = window.location;
    let entry: unknown = window.history.state;
    // An entry the router did not make (the page as loaded, a plain '#' link) gets its key when first read.
    if (!isEntryState(entry)) {
      entry = { usr: entry ?? null, key: newKey() };
      window.history.replaceState(entry, '');
    }
    const { usr, key } = entry as EntryState;
    return { pathname, search, hash, state: usr, key };
  },
  push: (href, state, replace) => {
    const entry: EntryState = { usr: state, key: newKey() };
    if (replace) window.history.replaceState(entry, '', href);
    else window.history.pushState(entry, '', href);
  },
  go: (delta) => window.history.go(delta),
  listen: (onChange) => {
    window.addEventListener('popstate', onChange);
    return () => window.removeEventListener('popstate', onChange);
  },
};

/** A history in memory (tests): `entries` are hrefs; `location` is the current one. */
export function createMemoryHistory(entries: string[] = ['/']): RouterHistory {
  const stack: Location[] = entries.map((href) => ({ ...splitHref(href), state: null, key: newKey() }));
  let index = stack.length - 1;
  const listeners = new Set<() => void>();
  return {
    get location() {
      return stack[index] ?? { pathname: '/', search: '', hash: '', state: null, key: 'default' };
    },
    push(href, state, replace) {
      const entry = { ...splitHref(href), state, key: newKey() };
      if (replace) stack[index] = entry;
      else {
        stack.splice(index + 1, stack.length, entry);
        index = stack.length - 1;
      }
    },
    go(delta) {
      index = Math.min(stack.length - 1, Math.max(0, index + delta));
      for (const listener of listeners) listener();
    },
    listen(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

export function splitHref(href: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

export const trimBase = (basename: string) => (basename === '/' ? '' : basename.replace(/\/$/, ''));

export function withinSite<T extends Pick<Location, 'pathname'>>(location: T, basename: string): T {
  const base = trimBase(basename);
  const { pathname } = location;
  if (!base || !pathname.toLowerCase().startsWith(base.toLowerCase())) return location;
  return { ...location, pathname: pathname.slice(base.length) || '/' };
}

/** `to` resolved against `from` (a pathname): '.', '..' and plain segments as in a file system. */
/**
 * What `to` points at, as React Router resolves it: a path is relative to the route's path (`routePathname`); a
 * `to` without one (only a query or a hash, or empty) keeps the current location's path.
 */
export function resolveTo(to: To, locationPathname: string, routePathname: string) {
  const onlyQuery = typeof to === 'string' ? /^[?#]/.test(to) || to === '' : !to.pathname;
  return resolvePath(to, onlyQuery ? locationPathname : routePathname);
}

export function resolvePath(to: To, from: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const parts = typeof to === 'string' ? splitHref(to) : { pathname: '', search: '', hash: '', ...to };
  const target = typeof to === 'string' && (to.startsWith('?') || to.startsWith('#')) ? '' : parts.pathname;
  if (target.startsWith('/')) return { ...parts, pathname: target };
  const segments = from.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return { ...parts, pathname: `/${segments.join('/')}` };
}
