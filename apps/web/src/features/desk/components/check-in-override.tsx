import { checkInBody } from '@fieldhouse/contract/staff-desk';
import { CHECK_IN_OVERRIDE_MAX_LENGTH } from '@fieldhouse/contract/texts/staff-desk';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-area-field';

/** The contract's override reason, required here (trimmed, 1 to CHECK_IN_OVERRIDE_MAX_LENGTH characters). */
const overrideForm = z.object({ reason: checkInBody.shape.override_reason.unwrap() });
type OverrideForm = { reason: string };

/**
 * Letting in a member the desk refuses: the reason is asked for inline (focus goes to it; Cancel gives focus back
 * to the button that opened it), checked as the server checks it, and sent with the check-in.
 */
export function CheckInOverride({
  customerName,
  venueName,
  isPending,
  onSubmit,
  onCancel,
}: {
  customerName: string;
  venueName: string;
  isPending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<OverrideForm>({ resolver: zodResolver(overrideForm), defaultValues: { reason: '' } });

  useEffect(() => setFocus('reason'), [setFocus]);

  return (
    <form
      className="form desk-check-in__override"
      aria-labelledby={headingId}
      noValidate
      onSubmit={handleSubmit(({ reason }) => onSubmit(reason))}
    >
      <p id={headingId} className="desk-check-in__override-title">
        Let {customerName} in at {venueName} anyway?
      </p>
      <TextAreaField
        label="Reason for letting them in"
        hint={`Required, at most ${CHECK_IN_OVERRIDE_MAX_LENGTH} characters. Kept with the check-in and in the audit log.`}
        rows={3}
        maxLength={CHECK_IN_OVERRIDE_MAX_LENGTH}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div className="button-row">
        <Button type="submit" isPending={isPending}>
          Check in with override
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
