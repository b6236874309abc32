import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelSession } from './cancel-session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const reply = {
  data: {
    session_id: 7,
    cancelled_at: '2026-12-02T10:00:00Z',
    reason: 'The instructor is ill.',
    bookings_cancelled: 3,
    allowances_returned: 1,
    refunds: [
      {
        id: 1,
        booking_id: 1,
        customer_id: 1,
        customer_name: 'Carl Card',
        tender: 'card',
        destination: 'card',
        amount: { raw: 650, formatted: '£6.50' },
        status: 'pending',
      },
      {
        id: 2,
        booking_id: 2,
        customer_id: 2,
        customer_name: 'Cara Credit',
        tender: 'credit',
        destination: 'credit',
        amount: { raw: 400, formatted: '£4.00' },
        status: 'succeeded',
      },
    ],
    waitlist_ended: 1,
    mails_queued: 4,
  },
};

function renderForm(answer: { status: number; body: unknown }) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!url.endsWith('/cancel')) return new Response('{}', { status: 200 });
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const onCancelled = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CancelSession sessionId={7} onCancelled={onCancelled} />
    </QueryClientProvider>,
  );
  return { sent, onCancelled };
}

describe('CancelSession', () => {
  it('asks for a reason, sends it, and says what went back to whom', async () => {
    const { sent, onCancelled } = renderForm({ status: 200, body: reply });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session and refund everyone' }));
    await waitFor(() => expect(screen.getByLabelText(/Reason/).getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: ' The instructor is ill. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session and refund everyone' }));
    const status = await screen.findByRole('status');
    expect(sent).toEqual([
      { url: '/api/staff/sessions/7/cancel', body: { reason: 'The instructor is ill.' } },
    ]);
    expect(onCancelled).toHaveBeenCalledOnce();
    expect(status.textContent).toContain('3 bookings cancelled');
    expect(status.textContent).toContain('£6.50 back to cards (£6.50 pending with the card provider');
    expect(status.textContent).toContain('£4.00 back to account credit');
    expect(status.textContent).toContain('4 members emailed');
  });

  it("shows the server's refusal in words", async () => {
    renderForm({ status: 409, body: { message: 'This session is already cancelled.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session…' }));
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Pool closed.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel session and refund everyone' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This session is already cancelled.');
  });
});
