import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffMeQueryKey } from '../api/get-staff-me';
import { StaffLoginForm } from './staff-login-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const staff = {
  id: 7,
  email: 'admin@fieldhouse.test',
  name: 'Morgan Admin',
  role: 'administrator',
  venues: [],
  totp_enabled: true,
  disabled: false,
};

type Reply = { status: number; body: unknown };

/** The staff login call answers with `replies` in turn; every body sent is kept. */
function serve(replies: Reply[]) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/staff/auth/login');
      bodies.push(JSON.parse(String(init.body)));
      const reply = replies.shift();
      if (!reply) throw new Error('No more replies');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onLoggedIn = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <StaffLoginForm onLoggedIn={onLoggedIn} />
    </QueryClientProvider>,
  );
  return { onLoggedIn, queryClient };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('StaffLoginForm', () => {
  it('asks for the authenticator code when the server says so, then sends it with the password', async () => {
    const bodies = serve([
      { status: 200, body: { data: { staff: null, code_required: true } } },
      { status: 200, body: { data: { staff, code_required: false } } },
    ]);
    const { onLoggedIn, queryClient } = renderForm();
    type('Email address', 'admin@fieldhouse.test');
    type('Password', 'Fieldhouse1!');
    submit('Log in');

    const code = await screen.findByLabelText('Authenticator code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByText('Enter the six-digit code from your authenticator app')).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();

    // A code that is not six digits never reaches the server.
    fireEvent.change(code, { target: { value: '12ab' } });
    submit('Verify code');
    expect(
      await screen.findByText('Please enter the six-digit code from your authenticator app'),
    ).toBeTruthy();
    expect(bodies).toHaveLength(1);

    fireEvent.change(code, { target: { value: '123456' } });
    submit('Verify code');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(bodies).toEqual([
      { email: 'admin@fieldhouse.test', password: 'Fieldhouse1!' },
      { email: 'admin@fieldhouse.test', password: 'Fieldhouse1!', code: '123456' },
    ]);
    expect(queryClient.getQueryData(staffMeQueryKey)).toMatchObject({ name: 'Morgan Admin' });
  });

  it("shows a wrong code under the code field, with the server's words", async () => {
    serve([
      { status: 200, body: { data: { staff: null, code_required: true } } },
      {
        status: 422,
        body: {
          message: 'That code is not right. Codes change every 30 seconds',
          errors: { code: ['That code is not right. Codes change every 30 seconds'] },
        },
      },
    ]);
    renderForm();
    type('Email address', 'admin@fieldhouse.test');
    type('Password', 'Fieldhouse1!');
    submit('Log in');
    fireEvent.change(await screen.findByLabelText('Authenticator code'), { target: { value: '000000' } });
    submit('Verify code');
    const code = screen.getByLabelText('Authenticator code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    const messageId = code.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    expect(document.getElementById(messageId)?.textContent).toBe(
      'That code is not right. Codes change every 30 seconds',
    );
  });

  it('shows wrong credentials under the email and too many attempts above the button', async () => {
    serve([
      {
        status: 422,
        body: {
          message: 'The email address or password is incorrect',
          errors: { email: ['The email address or password is incorrect'] },
        },
      },
      { status: 429, body: { message: 'Too many attempts. Please wait a minute and try again' } },
    ]);
    renderForm();
    type('Email address', 'admin@fieldhouse.test');
    type('Password', 'wrong');
    submit('Log in');
    await waitFor(() =>
      expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByRole('alert').textContent).toBe('The email address or password is incorrect');

    submit('Log in');
    await waitFor(() =>
      expect(screen.getByText('Too many attempts. Please wait a minute and try again')).toBeTruthy(),
    );
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });

  it('checks the fields before calling the server', async () => {
    const bodies = serve([]);
    renderForm();
    submit('Log in');
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });
});
