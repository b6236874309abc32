/**
 * Kiosk and embedded modes: switched on by query parameters on first load and remembered for the tab
 * in sessionStorage (spec: kiosk/embedded flags).
 */
const EMBEDDED_KEY = 'fh-embedded';
const KIOSK_KEY = 'fh-kiosk-centre';

export interface Modes {
  isEmbedded: boolean;
  /** Centre slug when in kiosk mode, else null. */
  kioskCentre: string | null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function initModes(search: string = window.location.search): Modes {
  const params = new URLSearchParams(search);
  const store = storage();
  if (params.get('embedded') === 'true') store?.setItem(EMBEDDED_KEY, '1');
  const centre = params.get('centre');
  if (params.get('kiosk') === 'true') store?.setItem(KIOSK_KEY, centre ?? '');
  return readModes();
}

export function readModes(): Modes {
  const store = storage();
  const kiosk = store?.getItem(KIOSK_KEY);
  return { isEmbedded: store?.getItem(EMBEDDED_KEY) === '1', kioskCentre: kiosk ?? null };
}

export const isKiosk = (modes: Modes): boolean => modes.kioskCentre !== null;

let current: Modes = { isEmbedded: false, kioskCentre: null };

/** Modes are fixed for the page's lifetime once read at start-up. */
export function setModes(modes: Modes): void {
  current = modes;
}

export const getModes = (): Modes => current;
