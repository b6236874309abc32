import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directDebitProviderQueryOptions } from '../api/get-direct-debit-provider';
import { joiningTermsQueryOptions } from '../api/get-terms';
import {
  DD_AUTHORISATION_LABEL,
  DD_TERMS_LABEL,
  GO_CARDLESS_NOTICE,
  MonthlyPaymentSection,
} from './monthly-payment-section';

afterEach(cleanup);

function renderSection({
  terms = [] as { id: number; title: string; html: string }[],
  provider = 'sandbox',
  serverErrors = undefined as Record<string, string[]> | undefined,
} = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(joiningTermsQueryOptions('direct_debit').queryKey, terms);
  queryClient.setQueryData(directDebitProviderQueryOptions.queryKey, { provider });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MonthlyPaymentSection bank={null} serverErrors={serverErrors} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

function fillValid() {
  type('Account holder', 'Ada Lovelace');
  type('Account number', '55667788');
  type('Sort code', '20-00-00');
  type('Address line 1', '1 High Street');
  type('Town or city', 'Leeds');
  type('Postcode', 'LS1 4AP');
}

describe('MonthlyPaymentSection', () => {
  it('keeps Continue disabled until the details are valid and the authorisation is ticked', () => {
    const { onDone } = renderSection();
    expect(continueButton().disabled).toBe(true);
    fillValid();
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: DD_AUTHORISATION_LABEL }));
    expect(continueButton().disabled).toBe(false);
    type('Sort code', '12345');
    expect(continueButton().disabled).toBe(true);
    type('Sort code', '123456');
    fireEvent.click(continueButton());
    expect(onDone).toHaveBeenCalledWith({
      accountHolder: 'Ada Lovelace',
      accountDetails: {
        accountNumber: '55667788',
        sortCode: '123456',
        billingAddressLineOne: '1 High Street',
        billingAddressLineTwo: null,
        billingCity: 'Leeds',
        billingPostcode: 'LS1 4AP',
      },
      ddAuthorised: true,
      ddTermsAccepted: false,
    });
  });

  it('needs the direct debit terms when there are any, and shows the GoCardless notice', () => {
    renderSection({ terms: [{ id: 1, title: 'DD', html: '<p>DD</p>' }], provider: 'go_cardless' });
    expect(screen.getByText(GO_CARDLESS_NOTICE)).toBeTruthy();
    fillValid();
    fireEvent.click(screen.getByRole('checkbox', { name: DD_AUTHORISATION_LABEL }));
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: DD_TERMS_LABEL }));
    expect(continueButton().disabled).toBe(false);
  });

  it('shows a field message after leaving the field, and server errors until the field is edited', () => {
    renderSection({
      serverErrors: { 'account_details.account_number': ['Your bank could not verify these details.'] },
    });
    expect(screen.getByText('Your bank could not verify these details.')).toBeTruthy();
    type('Account number', '123');
    expect(screen.queryByText('Your bank could not verify these details.')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Account number'));
    expect(screen.getByText('Account number must be at least 8 digits.')).toBeTruthy();
    expect(screen.queryByText('GoCardless', { exact: false })).toBeNull();
  });
});
