/** Keys of catalogue rows: their own, else one derived from their name (the same every time). */

export function slugKey(name: string) {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'item'
  );
}

/** Keys for rows in order: their own, else derived from the name and made unique among the list. */
export function keysFor<T>(rows: T[], own: (row: T) => string | null, name: (row: T) => string): string[] {
  const taken = new Set(rows.map(own).filter((k): k is string => !!k));
  return rows.map((row) => {
    const k = own(row);
    if (k) return k;
    const base = slugKey(name(row));
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}
