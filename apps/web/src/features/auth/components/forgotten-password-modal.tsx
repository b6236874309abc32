import {
  CHECK_YOUR_EMAIL,
  forgottenPasswordBody,
  PASSWORD_LINK_VALID_MINUTES,
} from '@fieldhouse/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError, serverMessageOr } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useForgottenPassword } from '../api/request-password-reset';

const requestSchema = z.object({ emailOrReference: forgottenPasswordBody.shape.email_or_reference });
const customerIdSchema = z.object({
  emailOrReference: z.string().trim().min(1, 'Please enter your customer ID.').max(254),
});
type RequestValues = z.infer<typeof requestSchema>;

/** An error message whose first word is 'Multiple' means the email is shared: ask for the customer ID. */
export const isMultipleAccountsMessage = (message: string | null | undefined): boolean =>
  (message ?? '').trim().split(/\s+/)[0] === 'Multiple';

/** Reset a forgotten password, or activate an account made at the desk by setting a first password. */
export type PasswordLinkPurpose = 'reset' | 'activate';

const TEXTS = {
  reset: {
    title: 'Reset your password',
    intro: 'Enter your email address or customer ID and we will send you a link to set a new password.',
    submit: 'Send reset link',
    next: `Open the link in that email within ${PASSWORD_LINK_VALID_MINUTES} minutes to choose a new password, then log in with it.`,
  },
  activate: {
    title: 'Activate your account',
    intro:
      'If your account was made for you at the venue, activate it by setting a password. Enter the email address or customer ID the venue has for you and we will send you a link to set it.',
    submit: 'Send activation link',
    next: `Open the link in that email within ${PASSWORD_LINK_VALID_MINUTES} minutes to set your password, then log in with your email or customer ID and that password.`,
  },
} as const;

type Step =
  | { kind: 'request' }
  | { kind: 'customer-id'; message: string }
  | { kind: 'sent'; message: string };

function RequestForm({
  purpose,
  step,
  onSent,
  onMultiple,
}: {
  purpose: PasswordLinkPurpose;
  step: Step;
  onSent: (message: string) => void;
  onMultiple: (message: string) => void;
}) {
  const isCustomerId = step.kind === 'customer-id';
  const request = useForgottenPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RequestValues>({
    resolver: zodResolver(isCustomerId ? customerIdSchema : requestSchema),
    defaultValues: { emailOrReference: '' },
  });

  const onSubmit = handleSubmit(({ emailOrReference }) =>
    request.mutate(emailOrReference, {
      onSuccess: (reply) => onSent(reply?.message ?? ''),
      onError: (error) => {
        const serverMessage = isApiError(error) ? error.serverMessage : null;
        if (!isCustomerId && isMultipleAccountsMessage(serverMessage)) {
          onMultiple(serverMessage ?? '');
          return;
        }
        const fieldError = isApiError(error) ? error.fieldErrors.emailOrReference?.[0] : undefined;
        if (fieldError) setError('emailOrReference', { message: fieldError });
        else
          toast.error(serverMessageOr(error, (error as Error).message), { duration: TOAST_DURATION.default });
      },
    }),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {isCustomerId ? <p>{step.message}</p> : <p>{TEXTS[purpose].intro}</p>}
      <TextField
        label={isCustomerId ? 'Customer ID' : 'Email or customer ID'}
        autoComplete={isCustomerId ? 'off' : 'username'}
        error={errors.emailOrReference?.message}
        {...register('emailOrReference')}
      />
      <Button type="submit" isPending={request.isPending}>
        {TEXTS[purpose].submit}
      </Button>
    </form>
  );
}

/**
 * Reset-request modal; with purpose 'activate', the same request in its own words (an account made at the
 * desk activates by setting a password). After sending it says what to do next, not its heading again.
 */
export function ForgottenPasswordModal({
  isOpen,
  onClose,
  purpose = 'reset',
}: {
  isOpen: boolean;
  onClose: () => void;
  purpose?: PasswordLinkPurpose;
}) {
  const [step, setStep] = useState<Step>({ kind: 'request' });
  const close = () => {
    setStep({ kind: 'request' });
    onClose();
  };
  return (
    <ModalDialog
      title={step.kind === 'sent' ? CHECK_YOUR_EMAIL : TEXTS[purpose].title}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
    >
      {step.kind === 'sent' ? (
        <div className="stack">
          <p>
            {step.message && step.message !== CHECK_YOUR_EMAIL
              ? step.message
              : 'If we have an account with those details, we have emailed a link to its email address.'}
          </p>
          <p>{TEXTS[purpose].next}</p>
          <p>
            Nothing after a few minutes? Check your spam or junk folder, or ask the venue which email address
            they hold.
          </p>
          <Button onClick={close}>Close</Button>
        </div>
      ) : (
        <RequestForm
          key={step.kind}
          purpose={purpose}
          step={step}
          onSent={(message) => setStep({ kind: 'sent', message })}
          onMultiple={(message) => setStep({ kind: 'customer-id', message })}
        />
      )}
    </ModalDialog>
  );
}
