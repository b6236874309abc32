/** Where the router's location lives (the browser's history, or memory in tests) and how paths resolve. */

export interface Location {
  /** Within the site (without its basename), as in the address bar (still percent-encoded). */
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
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

export const browserHistory: RouterHistory = {
  get location() {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: window.history.state };
  },
  push: (href, state, replace) =>
    replace ? window.history.replaceState(state, '', href) : window.history.pushState(state, '', href),
  go: (delta) => window.history.go(delta),
  listen: (onChange) => {
    window.addEventListener('popstate', onChange);
    return () => window.removeEventListener('popstate', onChange);
  },
};

/** A history in memory (tests): `entries` are hrefs; `location` is the current one. */
export function createMemoryHistory(entries: string[] = ['/']): RouterHistory {
  const stack = entries.map((href) => ({ ...splitHref(href), state: null as unknown }));
  let index = stack.length - 1;
  const listeners = new Set<() => void>();
  return {
    get location() {
      return stack[index] ?? { pathname: '/', search: '', hash: '', state: null };
    },
    push(href, state, replace) {
      const entry = { ...splitHref(href), state };
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

export function withinSite(location: Location, basename: string): Location {
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
