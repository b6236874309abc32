/** Route tables and path patterns: which routes a pathname matches, ranked as React Router ranks them. */
import type { ReactNode } from 'react';
import { parse } from 'regexparam';
import { withinSite } from './history';

export interface RouteObject {
  /** Relative to the parent's path ('venues/:slug'), or absolute ('/'); none for a layout that only wraps. */
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  handle?: unknown;
}

export type Params = Record<string, string | undefined>;

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  /** The part of the pathname this route matched ('/bookings' for 'bookings' at '/bookings/upcoming'). */
  pathname: string;
}

const decode = (value: string | undefined) => {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Matches a whole pathname (any case, a trailing slash allowed) against a pattern ('/centre/:slug'). */
export function matchPath(pattern: string, pathname: string): { params: Params; pathname: string } | null {
  return matchPattern(pattern, pathname, false);
}

function matchPattern(pattern: string, pathname: string, prefix: boolean) {
  const { keys, pattern: regex } = parse(pattern, prefix);
  const found = regex.exec(pathname);
  if (!found) return null;
  const params: Params = {};
  if (keys) for (const [i, key] of keys.entries()) params[key] = decode(found[i + 1]);
  return { params, pathname: found[0] || '/' };
}

interface Branch {
  routes: { route: RouteObject; path: string }[];
  score: number;
}

const joinPaths = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent}/${path}`.replace(/\/\/+/g, '/');

/** React Router's ranking: static segments beat dynamic ones, which beat a splat; index routes win ties. */
function score(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments)
    if (segment !== '*') total += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  return total;
}

function branchesOf(routes: RouteObject[], parents: Branch['routes'] = [], parentPath = '/'): Branch[] {
  return routes.flatMap((route) => {
    const path = joinPaths(parentPath, route.path ?? '');
    const chain = [...parents, { route, path }];
    const own =
      route.path !== undefined || route.index ? [{ routes: chain, score: score(path, route.index) }] : [];
    return [...branchesOf(route.children ?? [], chain, path), ...own];
  });
}

const rankedBranches = new WeakMap<RouteObject[], Branch[]>();

/** The routes `pathname` matches, outermost first, or null. `basename` is stripped from `pathname` first. */
export function matchRoutes(
  routes: RouteObject[],
  location: string | Pick<Location, 'pathname'>,
  basename = '',
): RouteMatch[] | null {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = branchesOf(routes).sort((a, b) => b.score - a.score);
    rankedBranches.set(routes, branches);
  }
  const full = typeof location === 'string' ? location : location.pathname;
  const pathname = withinSite({ pathname: full }, basename).pathname;
  for (const branch of branches) {
    const leaf = branch.routes[branch.routes.length - 1];
    const whole = leaf && matchPattern(leaf.path, pathname, false);
    if (!whole) continue;
    return branch.routes.map(({ route, path }) => ({
      route,
      params: whole.params,
      pathname: matchPattern(path, pathname, true)?.pathname ?? '/',
    }));
  }
  return null;
}
