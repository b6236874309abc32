import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  type RouteMatch,
  savedScrollPosition,
  saveScrollPosition,
  useLocation,
  useNavigationType,
} from '../lib/router';

/** How long a new page may take to show its heading (its code or data still loading) before focus settles. */
const HEADING_WAIT_MS = 10_000;
/** How long back and forward keep going to the saved position while the page fills in. */
const RESTORE_WAIT_MS = 5_000;
/** What the reader does to scroll or move on: any of them ends the wait for the saved position. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const noop = () => {};

/**
 * Which page the matched routes show: the deepest route that renders something, at the path it matched. Locations
 * with the same page key are one page: a query or hash change (the timetable's day and filters), or the join
 * journey's steps, whose one page stays mounted and moves focus itself.
 */
export function pageKeyOf(matches: RouteMatch[]): string {
  for (let depth = matches.length - 1; depth >= 0; depth--) {
    const match = matches[depth];
    if (match?.route.element != null)
      return `${depth}:${match.pathname.replace(/(.)\/$/, '$1').toLowerCase()}`;
  }
  return '';
}

/**
 * Every new page opens at its top with focus on its heading (issue 42): on a link or `navigate` to another page
 * the window scrolls to the top at once (never smoothly) and focus moves to the page's `h1` (made focusable with
 * tabindex -1; the project's focus style shows only for keyboard users), or to `main` while the page has none.
 * A page still loading (a spinner) gets focus when its heading appears, unless the reader (or the page itself: a
 * form's first field, a modal) has moved focus since. Back and forward return to where the page was scrolled
 * (`history.scrollRestoration` is 'manual'; positions by history entry in `lib/router/scroll-positions`), and a
 * reload to where it was. The first page of a visit keeps the browser's focus, as does a redirect before the reader
 * has done anything (`navigator.userActivation`).
 */
export function usePageChange(pageKey: string): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const shownPage = useRef<string | null>(null);
  const shownKey = useRef(key);
  const stop = useRef(noop);

  useLayoutEffect(() => {
    shownKey.current = key;
    if (shownPage.current === pageKey) return;
    const isFirst = shownPage.current === null;
    shownPage.current = pageKey;
    stop.current();
    const saved = navigationType === 'POP' ? savedScrollPosition(key) : undefined;
    let stopScroll = noop;
    if (saved !== undefined) stopScroll = scrollBackTo(saved);
    else if (!isFirst) window.scrollTo(0, 0);
    const stopFocus = isFirst || !hasBeenActive() ? noop : focusHeading();
    stop.current = () => {
      stopScroll();
      stopFocus();
    };
  }, [pageKey, key, navigationType]);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // A reload, or leaving for another site in the tab, keeps this entry's position too.
    const save = () => saveScrollPosition(shownKey.current);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      stop.current();
    };
  }, []);
}

const hasBeenActive = () =>
  (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive ?? true;

/**
 * Runs `step` now and again on every change to the page until it returns true, the reader does one of `stopOn`, or
 * `ms` pass (then once more as the last). Returns what stops it early.
 */
function watch(step: (isLast: boolean) => boolean, ms: number, stopOn: readonly string[] = []): () => void {
  if (step(false)) return noop;
  const observer = new MutationObserver(() => step(false) && stop());
  const timer = window.setTimeout(() => {
    step(true);
    stop();
  }, ms);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of stopOn) window.removeEventListener(type, stop);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  for (const type of stopOn) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** Scrolls back to a saved position, again as the page fills in (its data, a lazy part) until it gets there. */
const scrollBackTo = (y: number) =>
  watch(
    (isLast) => {
      window.scrollTo(0, y);
      return isLast || Math.abs(window.scrollY - y) < 1;
    },
    RESTORE_WAIT_MS,
    READER_INPUT,
  );

/**
 * Moves focus to the page's `h1`, or to `main` while there is none and no spinner (at the latest when time is up),
 * watching the page until its heading appears. Gives up as soon as focus is somewhere it did not put it and that
 * was not focused before (the reader or the page moved it).
 */
function focusHeading(): () => void {
  const before = document.activeElement;
  let placed: Element | null = null;
  const place = (target: HTMLElement) => {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    placed = target;
  };
  return watch((isLast) => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== before && active !== placed) return true;
    const main = document.getElementById('main-content') ?? document.querySelector('main');
    const heading = main?.querySelector('h1');
    if (heading) place(heading);
    else if (main && placed !== main && (isLast || !main.querySelector('.spinner'))) place(main);
    return !!heading || isLast;
  }, HEADING_WAIT_MS);
}
