import { type ApprovalDecisionBody, approvalDecisionBody } from '@fieldhouse/contract/staff';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import { TextAreaField } from '../../../ui/text-area-field';
import type { ApprovalItem } from '../api/get-approvals';
import { describeKind } from '../rules/describe';

export const REASON_MAX_LENGTH = 300;

/** The reason form: checked by the decision's own contract (a rejection needs a reason). */
function RejectForm({
  item,
  isPending,
  serverError,
  onCancel,
  onReject,
}: {
  item: ApprovalItem;
  isPending: boolean;
  serverError: string | null;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    formState: { errors },
  } = useForm<ApprovalDecisionBody>({
    resolver: zodResolver(approvalDecisionBody),
    defaultValues: { decision: 'reject', reason: '' },
  });

  // Focus goes to the reason as the dialog opens (react-aria returns it to the Reject button on close).
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFocus('reason'));
    return () => cancelAnimationFrame(frame);
  }, [setFocus]);

  useEffect(() => {
    if (serverError) setError('reason', { message: serverError }, { shouldFocus: true });
  }, [serverError, setError]);

  return (
    <form
      className="form"
      onSubmit={handleSubmit((values) => onReject((values.reason ?? '').trim()))}
      noValidate
    >
      <p>
        {describeKind(item.kind)} from {item.customer.name} ({item.customer.reference}): {item.summary}
      </p>
      <TextAreaField
        label="Reason for the rejection"
        hint="The member is told this reason."
        maxLength={REASON_MAX_LENGTH}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div className="button-row">
        <Button type="submit" isPending={isPending}>
          {isPending ? 'Rejecting…' : 'Reject'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Asks for the reason of a rejection: a labelled, focus-trapped dialog (Escape or Cancel closes it and focus goes
 * back to the button that opened it); the reason is required, at most 300 characters.
 */
export function RejectModal({
  item,
  isPending = false,
  serverError = null,
  onClose,
  onReject,
}: {
  /** The item being rejected; null: closed. */
  item: ApprovalItem | null;
  isPending?: boolean;
  /** The server's word on the reason (422), shown under it. */
  serverError?: string | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  return (
    <ModalDialog
      title={item ? `Reject ${describeKind(item.kind).toLowerCase()}` : 'Reject'}
      isOpen={item !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {item && (
        <RejectForm
          key={`${item.kind}-${item.id}`}
          item={item}
          isPending={isPending}
          serverError={serverError}
          onCancel={onClose}
          onReject={onReject}
        />
      )}
    </ModalDialog>
  );
}
