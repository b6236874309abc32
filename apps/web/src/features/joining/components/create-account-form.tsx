import { password as passwordRule } from '@fieldhouse/contract/auth';
import { PASSWORD_RULE_TEXT, PASSWORDS_DO_NOT_MATCH } from '@fieldhouse/contract/texts/auth';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { camelKey } from '../../../lib/case-codec';
import { getModes } from '../../../lib/modes';
import { Link, useLocation } from '../../../lib/router';
import { getSiteConfig } from '../../../lib/site-config';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { FIELD_TEXTS } from '../../../ui/forms/field-texts';
import type { FieldMessages, FieldValues } from '../../../ui/forms/field-types';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import { PasswordFields } from '../../../ui/forms/password-fields';
import { useDataFieldForm } from '../../../ui/forms/use-data-field-form';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { CheckboxField } from '../../../ui/text-field';
import { useCreateAccount, useSetLoggedInUser } from '../api/create-account';
import { type DataForm, dataFieldsQueryOptions } from '../api/get-data-fields';
import { joiningTermsQueryOptions } from '../api/get-terms';
import type { JourneyAccount, YourDetailsSectionProps } from '../types';

const TermsModal = lazy(() => import('../../../ui/terms-modal'));

const PASSWORD = 'password';
const CONFIRMATION = 'password_confirmation';
const TERMS = 'terms_accepted';
export const TERMS_LABEL = 'I agree to the Terms and Conditions';

type Props = Pick<YourDetailsSectionProps, 'membershipTypeId' | 'paymentOptionId' | 'venueId' | 'onDone'>;

/**
 * A guest's 'Create Account' form (joining §2 Your details): the data-field form, password pair and terms.
 * Submitting creates the account (201, logged in) and reloads the memberships for it (joining §4); the journey
 * then goes on as that member. The password lives in this form's state only.
 */
export function CreateAccountForm(props: Props) {
  const form = useQuery(dataFieldsQueryOptions(false));
  if (form.isPending) return <Spinner label="Loading your details form" />;
  if (form.isError) return <LoadError text={form.error.message} onRetry={() => void form.refetch()} />;
  return <CreateAccountFields {...props} form={form.data} />;
}

const ACCOUNT_VALUES: FieldValues = { [PASSWORD]: '', [CONFIRMATION]: '', [TERMS]: false };

/** The password pair: the contract's password rule, and the repeat must match. */
const passwordRules = (values: FieldValues): FieldMessages => {
  const found: FieldMessages = {};
  const password = String(values[PASSWORD] ?? '');
  if (!password) found[PASSWORD] = FIELD_TEXTS.required('Password');
  else if (!passwordRule.safeParse(password).success) found[PASSWORD] = PASSWORD_RULE_TEXT;
  if (password !== values[CONFIRMATION]) found[CONFIRMATION] = PASSWORDS_DO_NOT_MATCH;
  return found;
};

function CreateAccountFields({
  form,
  membershipTypeId,
  paymentOptionId,
  venueId,
  onDone,
}: Props & { form: DataForm }) {
  const location = useLocation();
  const fields = useDataFieldForm(form, { extraValues: ACCOUNT_VALUES, rules: passwordRules });
  const localKeys = useMemo(() => [...fields.keys, PASSWORD, CONFIRMATION, TERMS], [fields.keys]);
  const password = String(fields.values[PASSWORD]);
  const confirmation = String(fields.values[CONFIRMATION]);
  const termsAccepted = fields.values[TERMS] === true;
  const { messages } = fields;
  const [isTermsOpen, setTermsOpen] = useState(false);

  const terms = useQuery(joiningTermsQueryOptions(null));
  const createAccount = useCreateAccount();
  const setLoggedInUser = useSetLoggedInUser();
  // The terms checkbox shows only if terms exist; then it must be ticked (joining §5).
  const hasTermsText = (terms.data?.length ?? 0) > 0;
  const isTermsBlocking = terms.isPending || (hasTermsText && !termsAccepted);

  const submit = fields.onSubmit((_values, formElement) => {
    const submission = fields.submission();
    const answers = Object.fromEntries(
      Object.entries(submission).map(([key, value]) => [camelKey(key), value]),
    );
    const next = {
      ...answers,
      clientId: getSiteConfig().clientId,
      source: getModes().kioskCentre === null ? 'online' : 'kiosk',
      password,
      passwordConfirmation: confirmation,
      // Accepted only when there were terms to accept (joining §5).
      termsAccepted: hasTermsText && termsAccepted,
      marketingOptIn: submission.marketing_opt_in === true,
    } as JourneyAccount;
    // mutateAsync: the steps after a 201 run even if this form unmounts meanwhile (the 5-second login poll can
    // notice the new session first and turn the section into the logged-in one).
    createAccount.mutateAsync({ account: next, venueId, membershipTypeId, paymentOptionId }).then(
      ({ user, isPurchasable, loadError }) => {
        if (loadError) toast.error(loadError.message, { duration: TOAST_DURATION.default });
        else onDone({ isPurchasable });
        setLoggedInUser(user);
      },
      (error: unknown) => {
        // 422: the messages go under their fields (joining §8); anything else is the default error text.
        const matched = isApiError(error)
          ? matchServerErrors(error.fieldErrors, localKeys)
          : { messages: {}, unmatched: [] };
        fields.showMessages(matched.messages, formElement);
        if (Object.keys(matched.messages).length === 0 || matched.unmatched.length > 0) {
          const text = error instanceof Error ? error.message : String(error);
          toast.error(matched.unmatched[0] ?? text, { duration: TOAST_DURATION.default });
        }
      },
    );
  }, isTermsBlocking || createAccount.isPending);

  const loginHref = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  return (
    <form className="form joining-form" onSubmit={submit} noValidate aria-label="Create Account">
      <p>
        Already have an account? <Link to={loginHref}>Log in</Link>
      </p>
      {fields.sections}
      <section className="form-section">
        <h3 className="form-section__title">Choose a password</h3>
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={(value) => fields.change(PASSWORD, value)}
          onConfirmationChange={(value) => fields.change(CONFIRMATION, value)}
          passwordError={messages[PASSWORD]}
          confirmationError={messages[CONFIRMATION]}
        />
      </section>
      {hasTermsText && (
        <div className="form-actions">
          <CheckboxField
            label={TERMS_LABEL}
            checked={termsAccepted}
            error={messages[TERMS]}
            onChange={(event) => fields.change(TERMS, event.target.checked)}
          />
          <Button variant="text" onClick={() => setTermsOpen(true)}>
            Read the Terms and Conditions
          </Button>
        </div>
      )}
      {!hasTermsText && messages[TERMS] && (
        <p className="field__error" role="alert">
          {messages[TERMS]}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" disabled={isTermsBlocking} isPending={createAccount.isPending}>
          {createAccount.isPending ? 'Processing...' : 'Create Account'}
        </Button>
      </div>
      {isTermsOpen && terms.data && (
        <Suspense fallback={null}>
          <TermsModal
            items={terms.data}
            onAgree={() => fields.change(TERMS, true)}
            onClose={() => setTermsOpen(false)}
          />
        </Suspense>
      )}
    </form>
  );
}
