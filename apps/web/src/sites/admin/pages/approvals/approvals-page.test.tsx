import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, type RouteObject, Router, Routes } from '../../../../lib/router';
import ApprovalsPage from './approvals-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The wire's item (snake_case), as the server sends it. */
const wireItem = (id: number) => ({
  kind: 'eligibility_document',
  id,
  submitted_at: `2026-11-0${id}T09:00:00Z`,
  customer: { id, reference: `FH00000${id}`, name: `Member ${id}`, email: `member${id}@example.org` },
  membership: { id, reference: `M00000${id}`, name: 'Student monthly', venue: 'Northgate' },
  summary: 'Student: Student ID card',
  file: {
    url: `/api/staff/approvals/eligibility_document/${id}/file`,
    name: 'card.pdf',
    mime_type: 'application/pdf',
  },
});

/**
 * A stand-in for the server's queue, `perPage` items a page as the server pages them (page maths of
 * apps/api/src/lib/pagination.ts); a decision takes the item out.
 */
function stubServer(count: number, perPage = 2) {
  let queue = Array.from({ length: count }, (_, i) => wireItem(i + 1));
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const reply = (data: unknown) =>
        new Response(JSON.stringify({ data }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      const decided = /\/api\/staff\/approvals\/(\w+)\/(\d+)\/decision$/.exec(url);
      if (decided && init?.method === 'POST') {
        queue = queue.filter((item) => item.id !== Number(decided[2]));
        return reply({ status: 'approved' });
      }
      asked.push(url);
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? 1);
      const offset = (page - 1) * perPage;
      const approvals = queue.slice(offset, offset + perPage);
      return reply({
        approvals,
        pagination: {
          current_page: page,
          total_pages: Math.max(1, Math.ceil(queue.length / perPage)),
          total_records: queue.length,
          first_record_on_current_page: approvals.length ? offset + 1 : 0,
          last_record_on_current_page: approvals.length ? offset + approvals.length : 0,
        },
      });
    }),
  );
  return { asked };
}

function renderPage(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes: RouteObject[] = [{ path: '/approvals', element: <ApprovalsPage /> }];
  const history = createMemoryHistory([path]);
  render(
    <QueryClientProvider client={queryClient}>
      <Router history={history}>
        <Routes routes={routes} />
      </Router>
    </QueryClientProvider>,
  );
  return history;
}

const cardTitles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const pager = () => screen.getByRole('navigation', { name: 'Approvals pages' });

describe('The approvals page, a page at a time', () => {
  it('shows the page in the URL with the whole queue counted, and moves on with named buttons', async () => {
    const { asked } = stubServer(5);
    const history = renderPage('/approvals?page=2');
    expect(await screen.findByRole('heading', { name: '5 waiting for a decision' })).toBeTruthy();
    expect(asked).toEqual(['/api/staff/approvals?page=2']);
    expect(cardTitles()).toEqual(['Eligibility document: Member 3', 'Eligibility document: Member 4']);
    // The counts are announced politely, as on the other paged lists.
    const counts = within(pager()).getByText('Showing 3–4 of 5');
    expect(counts.getAttribute('aria-live')).toBe('polite');
    expect(within(pager()).getByText('Page 2 of 3')).toBeTruthy();

    fireEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Eligibility document: Member 5']));
    expect(history.location.search).toBe('?page=3');
    expect(within(pager()).getByText('Page 3 of 3')).toBeTruthy();
    // The reader starts the new page at its top: focus is on the queue's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: '5 waiting for a decision' })),
    );
    // Next stays focusable on the last page, and does nothing.
    const next = within(pager()).getByRole('button', { name: 'Next' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(history.location.search).toBe('?page=3');

    fireEvent.click(within(pager()).getByRole('button', { name: 'Previous' }));
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Eligibility document: Member 3', 'Eligibility document: Member 4']),
    );
    expect(history.location.search).toBe('?page=2');
  });

  it('deciding the last item of the last page leaves the reader on the page before it, now the last', async () => {
    stubServer(5);
    const history = renderPage('/approvals?page=3');
    const card = await screen.findByRole('listitem', { name: 'Eligibility document: Member 5' });
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(history.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Eligibility document: Member 3', 'Eligibility document: Member 4']),
    );
    expect(screen.getByRole('heading', { name: '4 waiting for a decision' })).toBeTruthy();
    expect(within(pager()).getByText('Page 2 of 2')).toBeTruthy();
  });

  it('an old link past the end shows the last page; one page needs no pager', async () => {
    stubServer(2);
    const history = renderPage('/approvals?page=4');
    await waitFor(() => expect(history.location.search).toBe(''));
    await waitFor(() =>
      expect(cardTitles()).toEqual(['Eligibility document: Member 1', 'Eligibility document: Member 2']),
    );
    expect(screen.queryByRole('navigation', { name: 'Approvals pages' })).toBeNull();
  });
});
