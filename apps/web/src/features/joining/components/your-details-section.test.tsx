import type { DataField } from '@fieldhouse/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Camel } from '../../../lib/api/client';
import { toSnake } from '../../../lib/case-codec';
import { MemoryRouter } from '../../../lib/router';
import { defaultSiteConfig, setSiteConfig } from '../../../lib/site-config';
import { type DataForm, dataFieldsQueryOptions } from '../api/get-data-fields';
import { joiningTermsQueryOptions } from '../api/get-terms';
import { YourDetailsSection } from './your-details-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = [status: number, body: unknown];

/**
 * Answers every call with `status` and `body` (or, given a function, what it returns for the URL), recording the
 * requests; the data-field form reloads as `reloadedForm`.
 */
function stubFetch(
  status: number | ((url: string) => Answer),
  body?: unknown,
  reloadedForm: DataForm = dataForm(),
) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/data-fields')) {
        // The form reloaded after a save (snake_case on the wire).
        return new Response(JSON.stringify({ data: toSnake(reloadedForm) }), { status: 200 });
      }
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      const [code, reply] = typeof status === 'function' ? status(url) : [status, body];
      return new Response(JSON.stringify(reply), {
        status: code,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const field = (path: string, label: string, extra: Partial<Camel<DataField>> = {}): Camel<DataField> => ({
  path,
  name: path,
  label,
  type: 'text',
  isRequired: true,
  isAuthorised: true,
  placeholder: null,
  options: [],
  htmlAttributes: {},
  metadata: { description: null },
  answer: null,
  ...extra,
});

const dataForm = (answers: Record<string, string | null> = {}): DataForm => ({
  checksum: 'abc',
  sections: [
    {
      sectionName: 'Personal details',
      sectionReference: 'personal_details',
      sectionFields: [
        field('first_name', 'First name', { answer: answers.first_name ?? null }),
        field('date_of_birth', 'Date of birth', {
          type: 'date',
          answer: answers.date_of_birth ?? null,
          metadata: { description: 'Used to check eligibility.' },
        }),
      ],
    },
    {
      sectionName: 'Contact details',
      sectionReference: 'contact_details',
      sectionFields: [
        field('email', 'Email address', {
          answer: answers.email ?? null,
          htmlAttributes: { autocomplete: 'email', inputmode: 'email' },
        }),
        field('phone', 'Phone number', { isRequired: false }),
      ],
    },
  ],
});

function renderSection(
  isLoggedIn: boolean,
  form: DataForm,
  extra: {
    serverErrors?: Record<string, string[]>;
    terms?: { id: number; title: string; html: string }[];
    isAutoContinue?: boolean;
  } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(dataFieldsQueryOptions(isLoggedIn).queryKey, form);
  queryClient.setQueryData(
    joiningTermsQueryOptions(null).queryKey,
    extra.terms ?? [{ id: 1, title: 'Terms', html: '<p>Terms</p>' }],
  );
  const onDone = vi.fn();
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>
  );
  render(
    wrap(
      <YourDetailsSection
        isLoggedIn={isLoggedIn}
        membershipTypeId={3}
        paymentOptionId={7}
        venueId={2}
        isAutoContinue={extra.isAutoContinue}
        serverErrors={extra.serverErrors}
        onDone={onDone}
      />,
    ),
  );
  return { onDone, queryClient };
}

const submitButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('YourDetailsSection (guest)', () => {
  it('shows the data-field sections, the password pair, terms and the log-in link', () => {
    renderSection(false, dataForm());
    expect(screen.getByRole('heading', { name: 'Personal details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contact details' })).toBeTruthy();
    expect(screen.getByLabelText('First name')).toBeTruthy();
    expect(screen.getByLabelText('Date of birth').getAttribute('placeholder')).toBe('DD/MM/YYYY');
    expect(screen.getByLabelText('Email address').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Phone number')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByLabelText('Repeat password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toContain('/login');
    expect(screen.getByRole('button', { name: 'Read the Terms and Conditions' })).toBeTruthy();
    // Registration requires the terms: 'Create Account' waits for the tick.
    expect(submitButton('Create Account').disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    expect(submitButton('Create Account').disabled).toBe(false);
  });

  it('without terms shows no terms checkbox, and Create Account needs no tick (joining §5)', () => {
    renderSection(false, dataForm(), { terms: [] });
    expect(screen.queryByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Read the Terms and Conditions' })).toBeNull();
    expect(submitButton('Create Account').disabled).toBe(false);
  });

  it('validates before sending: required fields, dates and the password pair', () => {
    renderSection(false, dataForm());
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '31/02/2000' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'weak' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    fireEvent.click(submitButton('Create Account'));
    expect(screen.getByText('First name is required.')).toBeTruthy();
    expect(screen.getByText('Date must be valid.')).toBeTruthy();
    expect(screen.getByText('Email address is required.')).toBeTruthy();
    expect(screen.queryByText('Phone number is required.')).toBeNull();
    expect(screen.getByText('The password confirmation does not match.')).toBeTruthy();
  });
});

const fillAccountForm = () => {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '10/12/1990' } });
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123!' } });
  fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'Secret123!' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
  fireEvent.click(submitButton('Create Account'));
};

const newUser = { id: 41, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const membershipList = (canPurchase: boolean) => ({
  data: [
    {
      id: 3,
      slug: 'gym',
      payment_options: [
        { id: 7, is_purchasable: { can_purchase: canPurchase, has_prices: canPurchase, message: null } },
      ],
    },
  ],
});
/** register 201, then the memberships (200) and the member's questions. */
const createdThen =
  (canPurchase: boolean) =>
  (url: string): Answer => {
    if (url.startsWith('/api/auth/customer/register')) return [201, { data: newUser }];
    if (url.startsWith('/api/memberships/types')) return [200, membershipList(canPurchase)];
    return [200, { data: [] }];
  };

describe('YourDetailsSection (guest, Create Account)', () => {
  it('creates the account (201), reloads the memberships for it (200), then continues as the member', async () => {
    setSiteConfig(defaultSiteConfig('join'));
    const calls = stubFetch(createdThen(true));
    const { onDone, queryClient } = renderSection(false, dataForm());
    fillAccountForm();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        isPurchasable: { canPurchase: true, hasPrices: true, message: null },
      }),
    );
    expect(calls[0]).toMatchObject({
      url: '/api/auth/customer/register?onboarding_type=membership_purchase',
      method: 'POST',
      body: {
        first_name: 'Ada',
        date_of_birth: '1990-12-10',
        email: 'ada@example.com',
        client_id: 1,
        source: 'online',
        password: 'Secret123!',
        password_confirmation: 'Secret123!',
        terms_accepted: true,
        marketing_opt_in: false,
      },
    });
    expect(calls.map((c) => c.url)).toContain('/api/memberships/types?venue_id=2&include_ineligible=true');
    // Logged in from now on: every site's header and the journey see the new member.
    expect(queryClient.getQueryData(['auth', 'user'])).toMatchObject({ id: 41, firstName: 'Ada' });
  });

  it('reports a membership the new member cannot buy, so the journey resets the selection', async () => {
    setSiteConfig(defaultSiteConfig('join'));
    stubFetch(createdThen(false));
    const { onDone } = renderSection(false, dataForm());
    fillAccountForm();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone.mock.calls[0]?.[0].isPurchasable.canPurchase).toBe(false);
  });

  it('shows a 422 under its field and stays on the form, logged out', async () => {
    setSiteConfig(defaultSiteConfig('join'));
    stubFetch(422, {
      message: 'Please enter a valid email address.',
      errors: { email: ['Please enter a valid email address.'] },
    });
    const { onDone, queryClient } = renderSection(false, dataForm());
    fillAccountForm();
    await waitFor(() => expect(screen.getByText('Please enter a valid email address.')).toBeTruthy());
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['auth', 'user'])).toBeUndefined();
  });
});

describe('YourDetailsSection (logged in)', () => {
  it("says the details can't be edited and continues when nothing required is missing", () => {
    const { onDone } = renderSection(
      true,
      dataForm({ first_name: 'Ada', date_of_birth: '1990-01-01', email: 'ada@example.com' }),
    );
    expect(screen.getByText("These details can't be edited right now")).toBeTruthy();
    fireEvent.click(submitButton('Continue'));
    expect(onDone).toHaveBeenCalledWith({ isPurchasable: null });
  });

  it('on a renewal continues by itself when nothing required is missing', async () => {
    const { onDone } = renderSection(
      true,
      dataForm({ first_name: 'Ada', date_of_birth: '1990-01-01', email: 'ada@example.com' }),
      { isAutoContinue: true },
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone).toHaveBeenCalledWith({ isPurchasable: null });
    expect(screen.queryByText("These details can't be edited right now")).toBeNull();
  });

  it('on a renewal still asks for required fields that are missing', () => {
    const { onDone } = renderSection(true, dataForm({ first_name: 'Ada', email: 'ada@example.com' }), {
      isAutoContinue: true,
    });
    expect(screen.getByLabelText('Date of birth')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks only for the required fields without an answer', () => {
    renderSection(true, dataForm({ first_name: 'Ada', email: 'ada@example.com' }));
    expect(screen.getByLabelText('Date of birth')).toBeTruthy();
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    fireEvent.click(submitButton('Continue'));
    expect(screen.getByText('Date of birth is required.')).toBeTruthy();
  });

  it('saves the whole form with the checksum, then continues', async () => {
    const saved = dataForm({ first_name: 'Ada', date_of_birth: '1990-12-10', email: 'ada@example.com' });
    const calls = stubFetch(200, { data: { id: 1 } }, saved);
    const { onDone } = renderSection(true, dataForm({ first_name: 'Ada', email: 'ada@example.com' }));
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '10/12/1990' } });
    fireEvent.click(submitButton('Continue'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ isPurchasable: null }));
    expect(calls[0]?.url).toBe('/api/my-account/user/update?onboarding_type=membership_purchase');
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.body).toEqual({
      first_name: 'Ada',
      date_of_birth: '1990-12-10',
      email: 'ada@example.com',
      checksum: 'abc',
    });
  });
});
