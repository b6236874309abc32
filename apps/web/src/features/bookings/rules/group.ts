export interface DateGroup<T> {
  /** Venue-local date, YYYY-MM-DD. */
  date: string;
  /** Heading, e.g. 'Monday 23 November 2026'. */
  label: string;
  items: T[];
}

/** Groups items by date, keeping the order in which the dates first appear (the list is already sorted). */
export function groupByDate<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  labelOf: (item: T) => string,
): DateGroup<T>[] {
  const groups = new Map<string, DateGroup<T>>();
  for (const item of items) {
    const date = dateOf(item);
    const group = groups.get(date);
    if (group) group.items.push(item);
    else groups.set(date, { date, label: labelOf(item), items: [item] });
  }
  return [...groups.values()];
}

/** 'HH:mm' of a venue-local ISO date-time without offset ('2026-11-23T07:45:00' → '07:45'). */
export const localTime = (local: string): string => local.slice(11, 16);
