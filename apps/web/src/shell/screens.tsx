import { NOT_FOUND_PAGE, NOT_SET_UP } from '@fieldhouse/contract/texts/common';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageTitle } from '../lib/page-title';
import { getSiteConfig } from '../lib/site-config';

export const ERROR_HEADING = 'We may have dropped the ball on this one.';
export const PAGE_LOAD_FAILED =
  'The page failed to load correctly. Try refreshing the page or return to the home page.';
export const NOT_FOUND_HEADING = NOT_FOUND_PAGE.heading;

function homeHref(): string {
  try {
    const base = getSiteConfig().basename;
    return base.endsWith('/') ? base : `${base}/`;
  } catch {
    return '/';
  }
}

function FullPage({ title, heading, children }: { title: string; heading: string; children?: ReactNode }) {
  return (
    <main id="main-content" className="screen" tabIndex={-1}>
      <PageTitle title={title} />
      <div className="screen__inner">
        <h1>{heading}</h1>
        {children}
      </div>
    </main>
  );
}

export function ErrorScreen({ message }: { message?: string }) {
  return (
    <FullPage title="Something went wrong" heading={ERROR_HEADING}>
      {message && <p>{message}</p>}
      <a className="btn btn--primary" href={homeHref()}>
        Go home
      </a>
    </FullPage>
  );
}

export function NotFoundScreen() {
  return (
    <FullPage title="Page not found" heading={NOT_FOUND_HEADING}>
      <a className="btn btn--primary" href={homeHref()}>
        Go home
      </a>
    </FullPage>
  );
}

/** The not-found content inside the site layout (header and footer stay). */
export function NotFoundContent() {
  return (
    <div className="screen__inner">
      <PageTitle title="Page not found" />
      <h1>{NOT_FOUND_HEADING}</h1>
      <a className="btn btn--primary" href={homeHref()}>
        Go home
      </a>
    </div>
  );
}

export function MaintenanceScreen() {
  return (
    <FullPage title="Service disruption" heading="Service disruption">
      <p>Unable to access the site due to planned maintenance.</p>
    </FullPage>
  );
}

/** The database has no operator yet (the server answers `not_set_up`): what the server's own set-up page says. */
export function SetUpScreen() {
  return (
    <FullPage title={NOT_SET_UP.title} heading={NOT_SET_UP.heading}>
      <p>{NOT_SET_UP.message}</p>
    </FullPage>
  );
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && CHUNK_ERROR.test(`${error.name} ${error.message}`);

/** Around the router: a page that fails to render or to load its code shows the error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(_error: unknown, _info: ErrorInfo) {}
  override render() {
    if (this.state.error)
      return <ErrorScreen message={isChunkLoadError(this.state.error) ? PAGE_LOAD_FAILED : undefined} />;
    return this.props.children;
  }
}
