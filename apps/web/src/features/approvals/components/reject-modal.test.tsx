import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApprovalItem, type ApprovalsPage, approvalsPageQueryKey } from '../api/get-approvals';
import { ApprovalsQueue } from './approvals-queue';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const document_: ApprovalItem = {
  kind: 'eligibility_document',
  id: 41,
  submittedAt: '2026-10-25T00:30:00Z',
  customer: { id: 3, reference: 'FH000123', name: 'Jamie Tester', email: 'jamie@example.org' },
  membership: { id: 9, reference: 'M000009', name: 'Student monthly', venue: 'Northgate' },
  summary: 'Student: Student ID card',
  file: { url: '/api/staff/files/41', name: 'student-card.pdf', mimeType: 'application/pdf' },
};
const freeze: ApprovalItem = {
  ...document_,
  kind: 'freeze_request',
  id: 12,
  summary: 'Medical, 2 months from 1 Dec 2026',
  file: null,
};

/** The queue with the decision call answering 200; every decision sent is kept. */
function renderQueue(items: ApprovalItem[]) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ data: { status: 'rejected' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  const pageOf = (shown: ApprovalItem[]): ApprovalsPage => ({
    approvals: shown,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: shown.length,
      firstRecordOnCurrentPage: shown.length > 0 ? 1 : 0,
      lastRecordOnCurrentPage: shown.length,
    },
  });
  queryClient.setQueryData(approvalsPageQueryKey(1), pageOf(items));
  const Queue = () => {
    const page = queryClient.getQueryData<ApprovalsPage>(approvalsPageQueryKey(1)) ?? pageOf([]);
    return <ApprovalsQueue items={page.approvals} pagination={page.pagination} onPageChange={() => {}} />;
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Queue />
    </QueryClientProvider>,
  );
  return {
    sent,
    queryClient,
    rerender: () =>
      view.rerender(
        <QueryClientProvider client={queryClient}>
          <Queue />
        </QueryClientProvider>,
      ),
  };
}

const rejectButtonOf = (title: string) =>
  within(screen.getByRole('listitem', { name: title })).getByRole('button', { name: 'Reject' });

describe('Rejecting an approval', () => {
  it('shows when and what was submitted, in venue time, with the file opening in a new tab', () => {
    renderQueue([document_, freeze]);
    const card = screen.getByRole('listitem', { name: 'Eligibility document: Jamie Tester' });
    // 00:30 UTC on the night the clocks go back is 01:30 BST.
    expect(within(card).getByText('25 Oct 2026 at 01:30')).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'View student-card.pdf (opens in a new tab)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('/api/staff/files/41');
    expect(
      within(screen.getByRole('listitem', { name: 'Freeze request: Jamie Tester' })).getByText(
        'None uploaded',
      ),
    ).toBeTruthy();
  });

  it('asks for a reason in a dialog that takes focus, and refuses an empty one', async () => {
    const { sent } = renderQueue([document_]);
    fireEvent.click(rejectButtonOf('Eligibility document: Jamie Tester'));

    const dialog = await screen.findByRole('dialog', { name: 'Reject eligibility document' });
    const reason = within(dialog).getByLabelText('Reason for the rejection');
    await waitFor(() => expect(document.activeElement).toBe(reason));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give a reason for the rejection');
    expect(document.activeElement).toBe(reason);
    // Spaces alone are no reason either.
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await act(async () => {});
    expect(sent).toEqual([]);
  });

  it('sends the reason, closes, and the item leaves the queue', async () => {
    const { sent, rerender } = renderQueue([document_, freeze]);
    fireEvent.click(rejectButtonOf('Eligibility document: Jamie Tester'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason for the rejection'), {
      target: { value: 'The card has expired' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        url: '/api/staff/approvals/eligibility_document/41/decision',
        body: { decision: 'reject', reason: 'The card has expired' },
      },
    ]);
    rerender();
    expect(screen.queryByRole('listitem', { name: 'Eligibility document: Jamie Tester' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Freeze request: Jamie Tester' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1 waiting for a decision' })).toBeTruthy();
  });

  it('gives focus back to the Reject button when cancelled', async () => {
    const { sent } = renderQueue([document_]);
    const opener = rejectButtonOf('Eligibility document: Jamie Tester');
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(sent).toEqual([]);
  });
});
