let suffix = '';

/** Set once at start-up from the operator's name. */
export function setTitleSuffix(name: string): void {
  suffix = name;
}

/** React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  return <title>{suffix ? `${title} | ${suffix}` : title}</title>;
}
