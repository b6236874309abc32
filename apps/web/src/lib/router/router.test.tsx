import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryHistory,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  type RouteObject,
  Router,
  Routes,
  savedScrollPosition,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from '.';

afterEach(cleanup);

const page = (name: string) => <p>{name}</p>;

describe('matchRoutes', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: page('layout'),
      children: [
        { path: '*', element: page('not found') },
        { path: 'venues/:slug', element: page('timetable') },
        { path: 'venues/map', element: page('map') },
        {
          path: 'bookings',
          handle: { crumb: 'Bookings' },
          children: [
            { index: true, element: page('redirect') },
            { path: ':filter', element: page('bookings') },
          ],
        },
      ],
    },
  ];
  const names = (path: string, basename?: string) =>
    matchRoutes(routes, path, basename)?.map((m) => [
      m.route.path ?? (m.route.index ? 'index' : ''),
      m.pathname,
    ]);

  it('prefers a static segment to a parameter and either to a splat, whatever the order', () => {
    expect(names('/venues/map')).toEqual([
      ['/', '/'],
      ['venues/map', '/venues/map'],
    ]);
    expect(names('/venues/northgate')).toEqual([
      ['/', '/'],
      ['venues/:slug', '/venues/northgate'],
    ]);
    expect(names('/nowhere/at/all')).toEqual([
      ['/', '/'],
      ['*', '/nowhere/at/all'],
    ]);
  });

  it("gives each route the part of the path it matched, and an index route its parent's", () => {
    expect(names('/bookings')).toEqual([
      ['/', '/'],
      ['bookings', '/bookings'],
      ['index', '/bookings'],
    ]);
    expect(names('/bookings/past/')).toEqual([
      ['/', '/'],
      ['bookings', '/bookings'],
      [':filter', '/bookings/past'],
    ]);
  });

  it('decodes parameters, ignores case and strips the basename', () => {
    const [, match] = matchRoutes(routes, '/account/Venues/St%20Ann%27s', '/account') ?? [];
    expect(match?.route.path).toBe('venues/:slug');
    expect(match?.params.slug).toBe("St Ann's");
  });
});

function renderAt(entry: string, routes: RouteObject[], basename?: string) {
  const history = createMemoryHistory([entry]);
  render(
    <Router history={history} basename={basename}>
      <Routes routes={routes} />
    </Router>,
  );
  return history;
}

function Layout() {
  const { pathname, search } = useLocation();
  return (
    <div>
      <p>at {`${pathname}${search}`}</p>
      <Outlet />
    </div>
  );
}

function Filter() {
  const { filter } = useParams();
  return <p>filter {filter}</p>;
}

describe('rendering routes', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Layout />,
      children: [
        {
          path: 'bookings',
          children: [
            { index: true, element: <Navigate to="upcoming" replace /> },
            { path: ':filter', element: <Filter /> },
          ],
        },
      ],
    },
  ];

  it('renders the layout around the page, which reads its parameters', () => {
    renderAt('/bookings/past', routes);
    expect(screen.getByText('at /bookings/past')).toBeTruthy();
    expect(screen.getByText('filter past')).toBeTruthy();
  });

  it("resolves a relative redirect against the route's path and replaces the entry", () => {
    const history = renderAt('/bookings', routes);
    expect(history.location.pathname).toBe('/bookings/upcoming');
    expect(screen.getByText('filter upcoming')).toBeTruthy();
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/bookings/upcoming');
  });
});

describe('links', () => {
  function Nav() {
    return (
      <nav>
        <NavLink to="/" end className="nav">
          Home
        </NavLink>
        <NavLink to="/payments" className="nav">
          Payments
        </NavLink>
        <Link to="/payments/credit?type=added" state={{ from: 'nav' }}>
          Credit
        </Link>
      </nav>
    );
  }
  function State() {
    return <p>state {JSON.stringify(useLocation().state)}</p>;
  }
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <>
          <Nav />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: page('home') },
        { path: 'payments/*', element: <State /> },
      ],
    },
  ];

  it('marks the current section (class active, aria-current) and only the exact path for an end link', () => {
    renderAt('/account/payments/order-history', routes, '/account');
    const payments = screen.getByRole('link', { name: 'Payments' });
    const home = screen.getByRole('link', { name: 'Home' });
    expect(payments.className).toBe('nav active');
    expect(payments.getAttribute('aria-current')).toBe('page');
    expect(home.className).toBe('nav');
    expect(home.getAttribute('aria-current')).toBeNull();
  });

  it('is a real link under the basename, and a plain click navigates in place with its state', () => {
    const history = renderAt('/account/', routes, '/account');
    const credit = screen.getByRole('link', { name: 'Credit' });
    expect(credit.getAttribute('href')).toBe('/account/payments/credit?type=added');
    fireEvent.click(credit);
    expect(history.location).toMatchObject({ pathname: '/account/payments/credit', search: '?type=added' });
    expect(screen.getByText('state {"from":"nav"}')).toBeTruthy();
  });

  it('leaves a modified click (a new tab) to the browser', () => {
    const history = renderAt('/account/', routes, '/account');
    fireEvent.click(screen.getByRole('link', { name: 'Credit' }), { ctrlKey: true });
    expect(history.location.pathname).toBe('/account/');
  });
});

describe('useSearchParams and useNavigate', () => {
  function Search() {
    const [params, setParams] = useSearchParams();
    const navigate = useNavigate();
    return (
      <div>
        <p>page {params.get('page') ?? 'none'}</p>
        <button
          type="button"
          onClick={() => setParams((current) => ({ ...Object.fromEntries(current), page: '2' }))}
        >
          next
        </button>
        <button type="button" onClick={() => setParams({}, { replace: true })}>
          clear
        </button>
        <button type="button" onClick={() => navigate('.', { replace: true, state: { saved: true } })}>
          save
        </button>
        <button type="button" onClick={() => navigate(-1)}>
          back
        </button>
      </div>
    );
  }
  const routes: RouteObject[] = [
    { path: '/', element: <Layout />, children: [{ path: 'orders', element: <Search /> }] },
  ];

  it('changes the query on the same path, pushing or replacing the entry', () => {
    const history = renderAt('/orders?from=2026-01-01', routes);
    fireEvent.click(screen.getByText('next'));
    expect(history.location).toMatchObject({ pathname: '/orders', search: '?from=2026-01-01&page=2' });
    expect(screen.getByText('page 2')).toBeTruthy();
    fireEvent.click(screen.getByText('clear'));
    expect(history.location).toMatchObject({ pathname: '/orders', search: '' });
    act(() => fireEvent.click(screen.getByText('back')));
    expect(history.location.search).toBe('?from=2026-01-01');
    expect(screen.getByText('at /orders?from=2026-01-01')).toBeTruthy();
  });

  it("navigates to '.' with state, keeping the path", () => {
    const history = renderAt('/orders', routes);
    fireEvent.click(screen.getByText('save'));
    expect(history.location).toMatchObject({ pathname: '/orders', state: { saved: true } });
  });
});

describe('navigation type, entry keys and scroll positions', () => {
  function Where() {
    const type = useNavigationType();
    const { key } = useLocation();
    const navigate = useNavigate();
    return (
      <div>
        <p>
          {type} {key}
        </p>
        <button type="button" onClick={() => navigate('/next')}>
          push
        </button>
        <button type="button" onClick={() => navigate('/next', { replace: true })}>
          replace
        </button>
        <button type="button" onClick={() => navigate(-1)}>
          back
        </button>
      </div>
    );
  }
  const routes: RouteObject[] = [{ path: '*', element: <Where /> }];
  const typeShown = () => screen.getByText(/^(PUSH|REPLACE|POP) /).textContent?.split(' ')[0];

  it('says how each location was reached and gives every entry its own key', () => {
    sessionStorage.clear();
    const history = renderAt('/', routes);
    const first = history.location.key;
    expect(typeShown()).toBe('POP');
    window.scrollTo(0, 250);
    fireEvent.click(screen.getByText('push'));
    expect(typeShown()).toBe('PUSH');
    expect(history.location.key).not.toBe(first);
    // The entry left keeps where it was scrolled; a replaced one is gone, so nothing is kept for it.
    expect(savedScrollPosition(first)).toBe(250);
    const pushed = history.location.key;
    fireEvent.click(screen.getByText('replace'));
    expect(typeShown()).toBe('REPLACE');
    expect(savedScrollPosition(pushed)).toBeUndefined();
    window.scrollTo(0, 90);
    act(() => fireEvent.click(screen.getByText('back')));
    expect(typeShown()).toBe('POP');
    expect(history.location.key).toBe(first);
    window.scrollTo(0, 0);
  });
});
