import { password as passwordRule } from '@fieldhouse/contract/auth';
import { PASSWORD_RULE_TEXT, PASSWORDS_DO_NOT_MATCH } from '@fieldhouse/contract/texts/auth';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../../lib/api/client';
import { camelKey } from '../../../lib/case-codec';
import { getModes } from '../../../lib/modes';
import { getSiteConfig } from '../../../lib/site-config';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { FieldGroup } from '../../../ui/forms/field-group';
import { initialValues, toSubmission, validateFields } from '../../../ui/forms/field-rules';
import { FIELD_TEXTS } from '../../../ui/forms/field-texts';
import {
  type AnswerValue,
  type FieldDefinition,
  type FieldMessages,
  type FieldValue,
  type FieldValues,
  fromDataField,
} from '../../../ui/forms/field-types';
import { focusFirstError, matchServerErrors, useFieldMessages } from '../../../ui/forms/form-messages';
import { PasswordFields } from '../../../ui/forms/password-fields';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { CheckboxField } from '../../../ui/text-field';
import {
  type DataForm,
  dataFieldsQueryOptions,
  joiningTermsQueryOptions,
  useAccountCheck,
} from '../forms-api';
import type { JourneyAccount } from '../journey-types';
import type { YourDetailsSectionProps } from './your-details-section';

const TermsModal = lazy(() => import('../../../ui/terms-modal'));

const PASSWORD = 'password';
const CONFIRMATION = 'password_confirmation';
const TERMS = 'terms_accepted';
export const TERMS_LABEL = 'I agree to the Terms and Conditions';

type Props = Pick<
  YourDetailsSectionProps,
  'membershipTypeId' | 'venueId' | 'account' | 'serverErrors' | 'onDone'
>;

/** A guest's 'Create Account' form (joining §2 Your details): the data-field form, password pair and terms. */
export function CreateAccountForm(props: Props) {
  const form = useQuery(dataFieldsQueryOptions(false));
  if (form.isPending) return <Spinner label="Loading your details form" />;
  if (form.isError) return <LoadError text={form.error.message} onRetry={() => void form.refetch()} />;
  return <CreateAccountFields {...props} form={form.data} />;
}

/** The guest's previous entries (camelCase account) as answers keyed by field path. */
function answersFromAccount(
  defs: FieldDefinition[],
  account: JourneyAccount | null,
): Record<string, AnswerValue> {
  if (!account) return {};
  const source = account as unknown as Record<string, AnswerValue | undefined>;
  const answers: Record<string, AnswerValue> = {};
  for (const def of defs) {
    const value = source[camelKey(def.key)];
    if (value !== undefined) answers[def.key] = value;
  }
  return answers;
}

function CreateAccountFields({
  form,
  membershipTypeId,
  venueId,
  account,
  serverErrors,
  onDone,
}: Props & { form: DataForm }) {
  const location = useLocation();
  const sections = useMemo(
    () =>
      form.sections.map((section) => ({
        title: section.sectionName,
        reference: section.sectionReference,
        definitions: section.sectionFields.map(fromDataField),
      })),
    [form],
  );
  const definitions = useMemo(() => sections.flatMap((s) => s.definitions), [sections]);
  const localKeys = useMemo(
    () => [...definitions.map((d) => d.key), PASSWORD, CONFIRMATION, TERMS],
    [definitions],
  );

  const [values, setValues] = useState<FieldValues>(() =>
    initialValues(definitions, answersFromAccount(definitions, account)),
  );
  const [password, setPassword] = useState(account?.password ?? '');
  const [confirmation, setConfirmation] = useState(account?.passwordConfirmation ?? '');
  const [termsAccepted, setTermsAccepted] = useState(account?.termsAccepted === true);
  const [isTermsOpen, setTermsOpen] = useState(false);

  const server = useMemo(
    () => matchServerErrors(serverErrors, localKeys, ['account']).messages,
    [serverErrors, localKeys],
  );
  const { messages, setMessages, clear } = useFieldMessages(server);
  const terms = useQuery(joiningTermsQueryOptions(null));
  const accountCheck = useAccountCheck();
  // The terms checkbox shows only if terms exist; then it must be ticked (joining §5).
  const hasTermsText = (terms.data?.length ?? 0) > 0;
  const isTermsBlocking = terms.isPending || (hasTermsText && !termsAccepted);

  const change = (key: string, value: FieldValue) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    clear(key);
  };

  const validate = (): FieldMessages => {
    const found = validateFields(definitions, values);
    if (!password) found[PASSWORD] = FIELD_TEXTS.required('Password');
    else if (!passwordRule.safeParse(password).success) found[PASSWORD] = PASSWORD_RULE_TEXT;
    if (password !== confirmation) found[CONFIRMATION] = PASSWORDS_DO_NOT_MATCH;
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isTermsBlocking || accountCheck.isPending) return;
    const found = validate();
    setMessages(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget as HTMLFormElement);
      return;
    }
    const submission = toSubmission(definitions, values);
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
    const formElement = event.currentTarget as HTMLFormElement;
    accountCheck.mutate(
      { account: next, membershipTypeId, venueId },
      {
        onSuccess: (reply) => onDone({ account: next, isPurchasable: reply.isPurchasable }),
        onError: (error) => {
          const matched = isApiError(error)
            ? matchServerErrors(error.fieldErrors, localKeys, ['account'])
            : { messages: {}, unmatched: [] };
          setMessages(matched.messages);
          if (Object.keys(matched.messages).length > 0) focusFirstError(formElement);
          if (Object.keys(matched.messages).length === 0 || matched.unmatched.length > 0) {
            toast.error(matched.unmatched[0] ?? error.message, { duration: TOAST_DURATION.default });
          }
        },
      },
    );
  };

  const loginHref = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  return (
    <form className="form joining-form" onSubmit={submit} noValidate aria-label="Create Account">
      <p>
        Already have an account? <Link to={loginHref}>Log in</Link>
      </p>
      {sections.map((section) => (
        <FieldGroup
          key={section.reference}
          title={section.title}
          definitions={section.definitions}
          values={values}
          errors={messages}
          onChange={change}
        />
      ))}
      <section className="form-section">
        <h3 className="form-section__title">Choose a password</h3>
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={(value) => {
            setPassword(value);
            clear(PASSWORD);
          }}
          onConfirmationChange={(value) => {
            setConfirmation(value);
            clear(CONFIRMATION);
          }}
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
            onChange={(event) => {
              setTermsAccepted(event.target.checked);
              clear(TERMS);
            }}
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
        <Button type="submit" disabled={isTermsBlocking} isPending={accountCheck.isPending}>
          {accountCheck.isPending ? 'Processing...' : 'Create Account'}
        </Button>
      </div>
      {isTermsOpen && terms.data && (
        <Suspense fallback={null}>
          <TermsModal
            items={terms.data}
            onAgree={() => {
              setTermsAccepted(true);
              clear(TERMS);
            }}
            onClose={() => setTermsOpen(false)}
          />
        </Suspense>
      )}
    </form>
  );
}
