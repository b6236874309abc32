import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract/texts/membership-management';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { venueToday } from '../../../lib/dates';
import { formatFullDate } from '../../../lib/format';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { ModalDialog } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { type FreezeResult, useFreezeMembership } from '../api/freeze-membership';
import type { AccountMembership } from '../api/get-account-memberships';
import { useFreezePreview } from '../api/get-freeze-preview';
import { type FreezeTypes, useFreezeTypes } from '../api/get-freeze-types';
import {
  canSubmitFreeze,
  emptyFreezeForm,
  type FreezeFormValues,
  freezeDateBounds,
  freezeUpload,
  monthsLabel,
  withReason,
} from '../rules/membership-rules';
import { FileField } from './file-field';
import { FreezeDateField } from './freeze-date-field';
import { PaymentList } from './payment-list';

function SelectField({
  label,
  value,
  placeholder,
  options,
  errors = [],
  isDisabled,
  onChange,
}: {
  label: string;
  value: number | null;
  placeholder: string;
  options: { value: number; label: string }[];
  errors?: string[];
  isDisabled?: boolean;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        disabled={isDisabled}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errors.length > 0 && (
        <div className="field__error" id={`${id}-error`} role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}

function FreezeSummary({ result, onClose }: { result: FreezeResult; onClose: () => void }) {
  // The form (and its focused button) is gone: focus comes here, inside the dialog, so it is read out and Escape
  // still closes the dialog (issue 43: focus fell to the page and Escape did nothing).
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => summary.current?.focus(), []);
  return (
    <div className="stack" role="status" ref={summary} tabIndex={-1}>
      <p>
        <strong>Freeze requested</strong>
      </p>
      <dl className="details-list details-list--rows">
        <div>
          <dt>Start date</dt>
          <dd>{result.startDate}</dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd>{result.reason}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{monthsLabel(result.months)}</dd>
        </div>
        <div>
          <dt>Documents</dt>
          <dd>{result.documents.length ? result.documents.map((d) => d.name).join(', ') : 'None'}</dd>
        </div>
      </dl>
      <p>{MEMBERSHIP_MANAGEMENT_TEXTS.freezeSubmitted}</p>
      <div className="button-row">
        <Button onClick={onClose}>Back to my memberships</Button>
      </div>
    </div>
  );
}

function FreezeForm({
  membership,
  types,
  onDone,
}: {
  membership: AccountMembership;
  types: FreezeTypes;
  onDone: (result: FreezeResult) => void;
}) {
  // The values live in react-hook-form (the one form system); which combinations can be sent is the rules' call
  // (`canSubmitFreeze`: the button waits for them), and the server's messages show under their fields.
  const { watch, setValue, getValues, handleSubmit } = useForm<FreezeFormValues>({
    defaultValues: emptyFreezeForm,
  });
  const values = watch();
  const freeze = useFreezeMembership(membership.id);
  const bounds = freezeDateBounds(types.minFreezeStartDate.raw, types.maxFreezeStartDate.raw, venueToday());
  const type = types.freezeTypes.find((t) => t.id === values.freezeTypeId) ?? null;
  const proof = type?.proofOfEligibility ?? null;
  const isComplete = canSubmitFreeze(values, proof !== null, bounds);
  const preview = useFreezePreview(
    membership.id,
    isComplete && values.freezeTypeId && values.months && values.activeFrom
      ? { freezeTypeId: values.freezeTypeId, activeFrom: values.activeFrom, months: values.months }
      : null,
  );
  const fieldErrors = isApiError(freeze.error) && freeze.error.status === 422 ? freeze.error.fieldErrors : {};

  const submit = handleSubmit((submitted) => {
    if (!isComplete || freeze.isPending) return;
    freeze.mutate(freezeUpload(submitted), {
      onSuccess: onDone,
      onError: (error) => {
        if (!(isApiError(error) && error.status === 422))
          toast.error(MEMBERSHIP_MANAGEMENT_TEXTS.somethingWrong, { duration: TOAST_DURATION.default });
      },
    });
  });
  /** A new reason clears what depended on the old one (`withReason`). */
  const chooseReason = (freezeTypeId: number | null) => {
    const next = withReason(getValues(), freezeTypeId);
    setValue('freezeTypeId', next.freezeTypeId);
    setValue('months', next.months);
    setValue('file', next.file);
  };

  return (
    <form className="management-form" noValidate onSubmit={submit}>
      <SelectField
        label="Reason"
        placeholder="Choose a reason"
        value={values.freezeTypeId}
        options={types.freezeTypes.map((t) => ({ value: t.id, label: t.reason }))}
        errors={fieldErrors.freezeTypeId}
        onChange={chooseReason}
      />
      <SelectField
        label="Time period"
        placeholder={type ? 'Choose a time period' : 'Choose a reason first'}
        value={values.months}
        isDisabled={!type}
        options={(type?.timePeriods ?? []).map((months) => ({ value: months, label: monthsLabel(months) }))}
        errors={fieldErrors.months}
        onChange={(months) => setValue('months', months)}
      />
      <FreezeDateField
        value={values.activeFrom}
        min={bounds.min}
        max={bounds.max}
        errors={fieldErrors.activeFrom}
        onChange={(activeFrom) => setValue('activeFrom', activeFrom)}
      />
      {proof && (
        <FileField
          key={type?.id}
          label={`Proof: ${proof.documentType.name}`}
          hint={`${proof.description} JPEG, PNG or PDF, up to 20MB.`}
          file={values.file}
          errors={fieldErrors.file}
          onChange={(file) => setValue('file', file)}
        />
      )}
      {type && type.monthlyFee.raw > 0 && (
        <p>
          A fee of <strong>{type.monthlyFee.formatted}</strong> a month applies while frozen.
        </p>
      )}
      <div aria-live="polite">
        {preview.isFetching && !preview.data ? (
          <Spinner label="Loading your payments" />
        ) : preview.data ? (
          <div className="stack">
            <p>
              Your membership is frozen until{' '}
              <strong>{formatFullDate(`${preview.data.endsOn}T12:00:00Z`)}</strong>.
            </p>
            <PaymentList title="Your next payments" payments={preview.data.nextPayments} />
          </div>
        ) : preview.isError ? (
          <p role="alert">{preview.error.message}</p>
        ) : null}
      </div>
      <div className="button-row">
        <Button type="submit" disabled={!isComplete} isPending={freeze.isPending}>
          {freeze.isPending ? 'Submitting...' : 'Request freeze'}
        </Button>
      </div>
    </form>
  );
}

/** 'Freeze membership' (account-shell §3 Freeze types and request, §4, §5). */
export default function FreezeModal({
  membership,
  onClose,
}: {
  membership: AccountMembership;
  onClose: () => void;
}) {
  const types = useFreezeTypes(membership.id);
  const [result, setResult] = useState<FreezeResult | null>(null);
  return (
    <ModalDialog title="Freeze membership" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <p>
        <strong>{membership.membershipType.name}</strong> ({membership.reference})
      </p>
      {result ? (
        <FreezeSummary result={result} onClose={onClose} />
      ) : types.isPending ? (
        <Spinner label="Loading freeze options" />
      ) : types.isError ? (
        <LoadError text={types.error.message} onRetry={() => void types.refetch()} />
      ) : (
        <FreezeForm membership={membership} types={types.data} onDone={setResult} />
      )}
    </ModalDialog>
  );
}
