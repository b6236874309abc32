import { useEffect } from 'react';

let suffix = '';

/** Set once at start-up from the operator's name. */
export function setTitleSuffix(name: string): void {
  suffix = name;
}

export const pageTitle = (title: string) => (suffix ? `${title} | ${suffix}` : title);

/**
 * Sets the document's one <title> (the HTML's own, shown while the site starts). Rendering a React <title> would
 * hoist a second one into <head>.
 */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}
