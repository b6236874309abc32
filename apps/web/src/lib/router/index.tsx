/**
 * The web app's router (docs/decisions/047): our route tables (nested layouts, `Outlet`, index routes, handles for
 * breadcrumbs) rendered on wouter, which brings the links, the location hooks' contract and the path patterns
 * (regexparam). The names and behaviour follow React Router's, which the sites used before, so pages read the same:
 * `Link`, `NavLink`, `Navigate`, `Outlet`, `useLocation`, `useNavigate`, `useParams`, `useSearchParams`,
 * `matchPath`, `matchRoutes`, `useRoutes`. Every navigation is a transition: the current page stays on screen while
 * a lazily loaded next page downloads (shell/lazy-page.tsx).
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link as WouterLink, Router as WouterRouter } from 'wouter';
import {
  browserHistory,
  createMemoryHistory,
  type Location,
  type NavigateOptions,
  type RouterHistory,
  resolveTo,
  type To,
  trimBase,
  withinSite,
} from './history';
import { matchRoutes, type Params, type RouteObject } from './match';
import { saveScrollPosition } from './scroll-positions';

export * from './history';
export * from './match';
export * from './scroll-positions';

/** How the current location was reached: a link or `navigate` (push or replace), or back and forward ('POP'). */
export type NavigationType = 'PUSH' | 'REPLACE' | 'POP';

interface RouterValue {
  location: Location;
  /** How `location` was reached; the first location is a 'POP', as in React Router. */
  navigationType: NavigationType;
  basename: string;
  /** Navigates to an href within the site ('/basket?x=1'). */
  go(path: string, options?: NavigateOptions): void;
  back(delta: number): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function useRouterValue(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('A router hook was used outside <Router>');
  return value;
}

/**
 * The router: the current location in React state, updated in a transition on every navigation and on the
 * browser's back and forward; wouter's links navigate through it. Before it leaves a history entry it notes the
 * window's scroll position as that entry's (`scroll-positions.ts`), for the page to return to on back and forward.
 */
export function Router({
  history = browserHistory,
  basename = '',
  children,
}: {
  history?: RouterHistory;
  basename?: string;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(() => ({
    location: withinSite(history.location, basename),
    navigationType: 'POP' as NavigationType,
  }));
  // The entry being left: the newest location set, which a transition may not have shown yet.
  const leaving = useRef(current.location.key);
  const update = useCallback(
    (navigationType: NavigationType) => {
      const location = withinSite(history.location, basename);
      leaving.current = location.key;
      startTransition(() => setCurrent({ location, navigationType }));
    },
    [history, basename],
  );
  useEffect(
    () =>
      history.listen(() => {
        saveScrollPosition(leaving.current);
        update('POP');
      }),
    [history, update],
  );
  const go = useCallback(
    (path: string, { replace = false, state = null }: NavigateOptions = {}) => {
      if (!replace) saveScrollPosition(leaving.current);
      history.push(`${trimBase(basename)}${path}`, state, replace);
      update(replace ? 'REPLACE' : 'PUSH');
    },
    [history, basename, update],
  );
  const value = useMemo<RouterValue>(
    () => ({ ...current, basename, go, back: (delta) => history.go(delta) }),
    [current, basename, go, history],
  );
  return (
    <RouterContext.Provider value={value}>
      <WouterRouter base={trimBase(basename)} hook={useWouterLocation}>
        {children}
      </WouterRouter>
    </RouterContext.Provider>
  );
}

/** wouter's location hook, on our router: the path with the basename (wouter strips it) and a navigate. */
function useWouterLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  const { location, basename, go } = useRouterValue();
  return [
    `${trimBase(basename)}${location.pathname}`,
    (href, options) => go(withinSite({ ...location, pathname: href }, basename).pathname, options),
  ];
}

export const BrowserRouter = ({ basename, children }: { basename?: string; children: ReactNode }) => (
  <Router basename={basename}>{children}</Router>
);

export const MemoryRouter = ({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) => {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
};

export function useLocation(): Location {
  return useRouterValue().location;
}

export function useNavigationType(): NavigationType {
  return useRouterValue().navigationType;
}

interface RouteContextValue {
  outlet: ReactElement | null;
  params: Params;
  pathname: string;
}

const RouteContext = createContext<RouteContextValue>({ outlet: null, params: {}, pathname: '/' });

export const useParams = <T extends Params = Params>(): T => useContext(RouteContext).params as T;

export const Outlet = () => useContext(RouteContext).outlet;

/**
 * What `to` points at from here (`resolveTo`).
 */
export function useResolvedPath(to: To): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const { location } = useRouterValue();
  const route = useContext(RouteContext);
  return resolveTo(to, location.pathname, route.pathname);
}

const hrefOf = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${pathname}${search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : ''}${hash}`;

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { location, go, back } = useRouterValue();
  const route = useContext(RouteContext);
  // The latest location and route, so the function stays the same between renders.
  const here = useRef({ location, route });
  here.current = { location, route };
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') return back(to);
      const { location: current, route: at } = here.current;
      go(hrefOf(resolveTo(to, current.pathname, at.pathname)), options);
    },
    [go, back],
  );
}

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const target = JSON.stringify(to);
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigate once per target, as React Router does
  useEffect(() => navigate(JSON.parse(target) as To, { replace, state }), [target]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/** A link within the site: a real `<a href>`; a plain click navigates in place (modified clicks open as usual). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...rest }, ref) {
  return <WouterLink ref={ref} to={hrefOf(useResolvedPath(to))} {...rest} />;
});

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A link that knows it is the current page: class `active` and `aria-current="page"`. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end = false, className, ...rest },
  ref,
) {
  const { location } = useRouterValue();
  const target = useResolvedPath(to)
    .pathname.replace(/(.)\/$/, '$1')
    .toLowerCase();
  const here = location.pathname.toLowerCase();
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Link ref={ref} to={to} className={classes} aria-current={isActive ? 'page' : undefined} {...rest} />
  );
});

export type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];

export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { location } = useRouterValue();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const latest = useRef(params);
  latest.current = params;
  const setParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const value = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next,
      );
      latest.current = value;
      const search = value.toString();
      navigate(search ? `?${search}` : '?', options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** The element of the routes the current location matches, each layout rendering the next through `Outlet`. */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useRouterValue().location;
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!matches) return null;
  return matches.reduceRight<ReactElement | null>(
    (outlet, match) => (
      // biome-ignore lint/correctness/useJsxKeyInIterable: nested, one per depth, never siblings
      <RouteContext.Provider value={{ outlet, params: match.params, pathname: match.pathname }}>
        {match.route.element === undefined ? outlet : match.route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** A route table as a component (tests and small trees). */
export const Routes = ({ routes }: { routes: RouteObject[] }) => useRoutes(routes);
