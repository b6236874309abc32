import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryHistory,
  Link,
  matchRoutes,
  Outlet,
  type RouteObject,
  Router,
  type RouterHistory,
  saveScrollPosition,
  useSearchParams,
} from '../lib/router';
import { SiteRoutes, setSiteRoutes } from './site-routes';
import { pageKeyOf } from './use-page-change';

function Layout() {
  return (
    <>
      <header>
        <Link to="/other">Header link</Link>
      </header>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

const page = (title: string, extra?: ReactNode) => (
  <>
    <h1>{title}</h1>
    <Link to="/other">To other</Link>
    <Link to="/slow">To slow</Link>
    <Link to="/journey/one">To journey</Link>
    <Link to="/no-heading">To bare</Link>
    {extra}
  </>
);

function DayFilter() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ day: 'tue' })}>
      Day {params.get('day') ?? 'mon'}
    </button>
  );
}

/** A page whose heading comes after its data: a spinner first. */
let showSlowPage: () => void = () => {};
function SlowPage() {
  const [isReady, setReady] = useState(false);
  showSlowPage = () => setReady(true);
  return isReady ? <h1>Slow page</h1> : <div className="spinner" role="status" aria-label="Loading" />;
}

function Journey() {
  return (
    <>
      <h1>Journey</h1>
      <Link to="/journey/two">Next step</Link>
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: page('Home', <DayFilter />) },
      { path: 'other', element: page('Other') },
      { path: 'slow', element: <SlowPage /> },
      { path: 'no-heading', element: <p>Nothing to head</p> },
      {
        element: <Journey />,
        children: [{ path: 'journey/:step', element: null }],
      },
    ],
  },
];

let history: RouterHistory;
function renderSite(path = '/') {
  history = createMemoryHistory([path]);
  setSiteRoutes(routes);
  return render(
    <Router history={history}>
      <SiteRoutes />
    </Router>,
  );
}

const click = async (name: string) => {
  await act(async () => screen.getByRole('link', { name }).click());
};

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  window.scrollTo(0, 0);
  scrollTo = vi.spyOn(window, 'scrollTo');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('pageKeyOf', () => {
  const keyOf = (path: string) => pageKeyOf(matchRoutes(routes, path) ?? []);

  it('is the deepest route that renders something, at the path it matched', () => {
    expect(keyOf('/other')).toBe('1:/other');
    expect(keyOf('/other/')).toBe(keyOf('/other'));
    expect(keyOf('/')).toBe('1:/');
  });

  it("is one page for a journey whose steps render nothing of their own (the join page's)", () => {
    expect(keyOf('/journey/one')).toBe(keyOf('/journey/two'));
  });
});

describe('usePageChange', () => {
  it('leaves the first page where the browser opened it', () => {
    renderSite('/');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });

  it('opens a new page at its top with focus on its heading', async () => {
    renderSite('/');
    window.scrollTo(0, 700);
    await click('To other');
    expect(window.scrollY).toBe(0);
    const heading = screen.getByRole('heading', { name: 'Other', level: 1 });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('moves neither scroll nor focus on a query-only change (the timetable’s day)', async () => {
    renderSite('/');
    window.scrollTo(0, 300);
    scrollTo.mockClear();
    const button = screen.getByRole('button', { name: 'Day mon' });
    button.focus();
    await act(async () => button.click());
    expect(screen.getByRole('button', { name: 'Day tue' })).toBe(document.activeElement);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(300);
  });

  it('leaves a page that stays mounted across its paths (a journey) to move focus itself', async () => {
    renderSite('/');
    await click('To journey');
    window.scrollTo(0, 400);
    scrollTo.mockClear();
    const next = screen.getByRole('link', { name: 'Next step' });
    next.focus();
    await act(async () => next.click());
    expect(history.location.pathname).toBe('/journey/two');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(next);
  });

  it('focuses main while a page is loading, then its heading when it appears', async () => {
    renderSite('/');
    await click('To slow');
    const main = screen.getByRole('main');
    // A spinner: focus waits (nothing is there to read yet; the link clicked has gone).
    expect(screen.getByRole('status')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    await act(async () => showSlowPage());
    await act(async () => {}); // the mutation observer's callback
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Slow page' }));
    expect(main.contains(document.activeElement)).toBe(true);
  });

  it('never takes focus back from where the reader moved it while the page loaded', async () => {
    renderSite('/');
    await click('To slow');
    const headerLink = screen.getByRole('link', { name: 'Header link' });
    headerLink.focus();
    await act(async () => showSlowPage());
    await act(async () => {});
    expect(document.activeElement).toBe(headerLink);
  });

  it('focuses main on a page without a heading', async () => {
    renderSite('/');
    await click('To bare');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('returns to the saved position on back and forward', async () => {
    renderSite('/');
    window.scrollTo(0, 640);
    await click('To other');
    expect(window.scrollY).toBe(0);
    window.scrollTo(0, 120);
    await act(async () => history.go(-1));
    expect(history.location.pathname).toBe('/');
    expect(window.scrollY).toBe(640);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Home' }));
    await act(async () => history.go(1));
    expect(window.scrollY).toBe(120);
  });

  it('returns to a reloaded entry’s position (saved as the page was left)', () => {
    history = createMemoryHistory(['/other']);
    window.scrollTo(0, 333);
    saveScrollPosition(history.location.key);
    window.scrollTo(0, 0);
    setSiteRoutes(routes);
    render(
      <Router history={history}>
        <SiteRoutes />
      </Router>,
    );
    expect(window.scrollY).toBe(333);
    expect(document.activeElement).toBe(document.body);
  });
});
