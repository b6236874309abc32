import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WhenSettled } from './when-settled';

afterEach(cleanup);

/** A query whose answer the test gives when it likes. */
function controlled<T>(key: string) {
  const answers: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  const options = (page = 1) =>
    queryOptions({
      queryKey: [key, page],
      queryFn: () => new Promise<T>((resolve, reject) => answers.push({ resolve, reject })),
    });
  /** Answers the request for `page` (once the query has asked). */
  const answer = async (outcome: { value: T } | { error: Error }, index = 0) => {
    await waitFor(() => expect(answers[index]).toBeDefined());
    await act(async () => {
      if ('value' in outcome) answers[index]?.resolve(outcome.value);
      else answers[index]?.reject(outcome.error);
      // TanStack Query tells its observers on a timer (notifyManager): let that pass too.
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  };
  return { options, answer };
}

function Section({
  query,
  name,
}: {
  query: ReturnType<ReturnType<typeof controlled<string>>['options']>;
  name: string;
}) {
  const result = useQuery(query);
  if (result.isError) return <p>{name} failed</p>;
  return <p>{result.data ? `${name}: ${result.data}` : `${name} loading`}</p>;
}

function renderPage(
  fees: ReturnType<typeof controlled<string>>,
  cards: ReturnType<typeof controlled<string>>,
  page = 1,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (p: number) => (
    <QueryClientProvider client={client}>
      <WhenSettled queries={[fees.options(), cards.options(p)]} label="Loading your payments">
        <Section query={fees.options()} name="Fees" />
        <Section query={cards.options(p)} name="Cards" />
      </WhenSettled>
    </QueryClientProvider>
  );
  const view = render(ui(page));
  return { rerender: (p: number) => view.rerender(ui(p)) };
}

describe('WhenSettled: sections that load their own data appear together', () => {
  it('shows one spinner until every first load has ended, then every section with its data', async () => {
    const fees = controlled<string>('fees');
    const cards = controlled<string>('cards');
    renderPage(fees, cards);
    expect(screen.getByRole('status', { name: 'Loading your payments' })).toBeTruthy();
    await fees.answer({ value: 'none due' });
    // One answer is in: still nothing but the spinner, so nothing is pushed down when the other arrives.
    expect(screen.queryByText('Fees: none due')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading your payments' })).toBeTruthy();
    await cards.answer({ value: 'Visa 4242' });
    expect(screen.getByText('Fees: none due')).toBeTruthy();
    expect(screen.getByText('Cards: Visa 4242')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your payments' })).toBeNull();
  });

  it('counts a failed load as ended: each section shows its own error', async () => {
    const fees = controlled<string>('fees');
    const cards = controlled<string>('cards');
    renderPage(fees, cards);
    await fees.answer({ error: new Error('down') });
    await cards.answer({ value: 'Visa 4242' });
    // The section asks once more as it appears (TanStack Query's retryOnMount), in its own place.
    expect(screen.getByText('Fees loading')).toBeTruthy();
    expect(screen.getByText('Cards: Visa 4242')).toBeTruthy();
    await fees.answer({ error: new Error('down') }, 1);
    expect(screen.getByText('Fees failed')).toBeTruthy();
    expect(screen.getByText('Cards: Visa 4242')).toBeTruthy();
  });

  it('waits for the first load only: a later page loads in its own section', async () => {
    const fees = controlled<string>('fees');
    const cards = controlled<string>('cards');
    const page = renderPage(fees, cards);
    await fees.answer({ value: 'none due' });
    await cards.answer({ value: 'Visa 4242' });
    page.rerender(2);
    expect(screen.getByText('Fees: none due')).toBeTruthy();
    expect(screen.getByText('Cards loading')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your payments' })).toBeNull();
  });
});
