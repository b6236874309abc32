import { type QueriesOptions, useQueries } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Spinner } from './spinner';

/**
 * A page of sections that each load their own data: one spinner until every section's first load has ended (data or
 * error), then all of them at once. Without it each section arrives on its own and pushes the ones below it down, a
 * layout shift a member sees on a phone (Lighthouse's CLS: 0.20 on /payments). The queries start here, side by side,
 * and each section then reads its data from the cache at once. Only the first load waits: a later page of a list or
 * a refresh shows in its section.
 */
// biome-ignore lint/suspicious/noExplicitAny: typed as useQueries types its list (each query its own data type)
export function WhenSettled<T extends any[]>({
  queries,
  label,
  children,
}: {
  queries: readonly [...QueriesOptions<T>];
  label: string;
  children: ReactNode;
}) {
  const isLoading = useQueries({
    queries,
    combine: (results) => results.some((result) => result.isLoading),
  });
  const [hasSettled, setHasSettled] = useState(!isLoading);
  if (!isLoading && !hasSettled) setHasSettled(true);
  return hasSettled || !isLoading ? children : <Spinner label={label} />;
}
