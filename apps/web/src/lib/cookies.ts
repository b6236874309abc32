export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    const key = (index === -1 ? part : part.slice(0, index)).trim();
    if (key === name) {
      const raw = index === -1 ? '' : part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Writes a cookie; `domain` (e.g. '.example.com') shares it across the sites' sub-domains. */
export function writeCookie(
  name: string,
  value: string,
  { maxAgeSeconds = 60 * 60 * 24 * 365, domain }: { maxAgeSeconds?: number; domain?: string | null } = {},
): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const scope = domain ? `; Domain=${domain}` : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${scope}${secure}`;
}
