import { forgottenPasswordBody } from '@fieldhouse/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError, serverMessageOr } from '../../lib/api/client';
import { zodResolver } from '../../lib/form-resolver';
import { TOAST_DURATION, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { ModalDialog } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useForgottenPassword } from './api';

const requestSchema = z.object({ emailOrReference: forgottenPasswordBody.shape.email_or_reference });
const customerIdSchema = z.object({
  emailOrReference: z.string().trim().min(1, 'Please enter your customer ID.').max(254),
});
type RequestValues = z.infer<typeof requestSchema>;

/** An error message whose first word is 'Multiple' means the email is shared: ask for the customer ID. */
export const isMultipleAccountsMessage = (message: string | null | undefined): boolean =>
  (message ?? '').trim().split(/\s+/)[0] === 'Multiple';

type Step =
  | { kind: 'request' }
  | { kind: 'customer-id'; message: string }
  | { kind: 'sent'; message: string };

function RequestForm({
  step,
  onSent,
  onMultiple,
}: {
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
      {isCustomerId ? (
        <p>{step.message}</p>
      ) : (
        <p>Enter your email address or customer ID and we will send you a link to set a new password.</p>
      )}
      <TextField
        label={isCustomerId ? 'Customer ID' : 'Email or customer ID'}
        autoComplete={isCustomerId ? 'off' : 'username'}
        error={errors.emailOrReference?.message}
        {...register('emailOrReference')}
      />
      <Button type="submit" isPending={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}

/** Reset-request modal (also used to activate an account by setting a first password). */
export function ForgottenPasswordModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'request' });
  const close = () => {
    setStep({ kind: 'request' });
    onClose();
  };
  return (
    <ModalDialog
      title={step.kind === 'sent' ? 'Check your email' : 'Reset your password'}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
    >
      {step.kind === 'sent' ? (
        <div className="stack">
          <p>{step.message || 'If an account matches, we have sent you a link to set a new password.'}</p>
          <Button onClick={close}>Close</Button>
        </div>
      ) : (
        <RequestForm
          key={step.kind}
          step={step}
          onSent={(message) => setStep({ kind: 'sent', message })}
          onMultiple={(message) => setStep({ kind: 'customer-id', message })}
        />
      )}
    </ModalDialog>
  );
}
