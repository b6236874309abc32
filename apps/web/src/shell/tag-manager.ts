import { useEffect } from 'react';
import { useLocation } from '../lib/router';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

let injectedId: string | null = null;

function injectTagManager(gtmId: string): void {
  if (injectedId === gtmId) return;
  injectedId = gtmId;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

/** With a tag-manager id: load GTM once and push a page_view on every route change. Without: nothing. */
export function useTagManager(gtmId: string | null | undefined): void {
  const location = useLocation();
  useEffect(() => {
    if (gtmId) injectTagManager(gtmId);
  }, [gtmId]);
  useEffect(() => {
    if (!gtmId) return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: 'page_view', page_path: `${location.pathname}${location.search}` });
  }, [gtmId, location.pathname, location.search]);
}
