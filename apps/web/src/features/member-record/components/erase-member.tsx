import { type MemberErasureBody, memberErasureBody } from '@fieldhouse/contract/member-erasure';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessageOr } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useEraseMember } from '../api/erase-member';
import { showServerErrors } from './server-errors';

/**
 * 'Erase personal data' (administrators; decision 073): a modal that says what goes and what stays, and asks for the
 * customer number typed before it erases. The server's refusal (a live membership, fees, future bookings) is shown
 * in the modal as it words it; a number that is not the customer's is said under the field.
 */
export function EraseMember({ customerId, reference }: { customerId: number; reference: string }) {
  const headingId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const erase = useEraseMember(customerId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<MemberErasureBody>({
    resolver: zodResolver(memberErasureBody),
    defaultValues: { confirmation: '' },
  });
  const openChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      reset({ confirmation: '' });
      setFormError(null);
      erase.reset();
    }
  };
  const submit = handleSubmit(({ confirmation }) => {
    setFormError(null);
    erase.mutate(confirmation, {
      onSuccess: ({ message }) => {
        toast.success(message, { duration: TOAST_DURATION.default });
        openChange(false);
      },
      onError: (error) => {
        // A refusal (409: what is outstanding) is shown in the server's words.
        const shown = showServerErrors(error, ['confirmation'], setError);
        setFormError(shown === null ? null : serverMessageOr(error, shown));
      },
    });
  });
  return (
    <div className="member-record__erase">
      <h3 id={headingId}>Personal data</h3>
      <p className="muted">
        When a customer asks for their data to be erased: their orders and payments are kept without their
        name.
      </p>
      <Button type="button" variant="secondary" onClick={() => setIsOpen(true)}>
        Erase personal data…
      </Button>
      <ModalDialog title="Erase personal data" isOpen={isOpen} onOpenChange={openChange}>
        <form className="form" noValidate onSubmit={submit}>
          <p>
            This removes the customer’s name, email, phone, date of birth, address, emergency contact, medical
            information, photo, documents, saved cards, notes and checks, and logs them out for good. Their
            orders, payments and direct-debit collections stay for the accounts, without their name. It cannot
            be undone.
          </p>
          <p>Memberships, unpaid fees and future bookings must be ended first.</p>
          <TextField
            label={`Type the customer number (${reference}) to confirm`}
            autoComplete="off"
            spellCheck={false}
            error={errors.confirmation?.message}
            {...register('confirmation')}
          />
          {formError && (
            <p className="notice notice--danger" role="alert">
              {formError}
            </p>
          )}
          <div className="button-row">
            <Button type="submit" isPending={erase.isPending}>
              {erase.isPending ? 'Erasing…' : 'Erase personal data'}
            </Button>
            <Button type="button" variant="text" onClick={() => openChange(false)}>
              Keep the record
            </Button>
          </div>
        </form>
      </ModalDialog>
    </div>
  );
}
