import { type MemberDetailsBody, memberDetailsBody } from '@fieldhouse/contract/staff-members';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-area-field';
import { CheckboxField, TextField } from '../../../ui/text-field';
import type { MemberRecord } from '../api/get-member-record';
import { useUpdateMember } from '../api/update-member';
import { showServerErrors } from './server-errors';
import '../member-record.css';

type Form = MemberDetailsBody;
const FIELDS: (keyof Form)[] = [
  'first_name',
  'last_name',
  'email',
  'shared_email',
  'phone',
  'date_of_birth',
  'address_line_one',
  'address_line_two',
  'town',
  'postcode',
  'emergency_contact_name',
  'emergency_contact_phone',
  'medical_notes',
  'marketing_opt_in',
];

const valuesOf = (r: MemberRecord): Form => ({
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  shared_email: false,
  phone: r.phone,
  date_of_birth: r.dateOfBirth,
  address_line_one: r.addressLineOne,
  address_line_two: r.addressLineTwo,
  town: r.town,
  postcode: r.postcode,
  emergency_contact_name: r.emergencyContactName,
  emergency_contact_phone: r.emergencyContactPhone,
  medical_notes: r.medicalNotes,
  marketing_opt_in: r.marketingOptIn,
});

/**
 * Staff correct a customer's details: the member's own fields with the same rules (the contract's schema, checked
 * again by the server), address, emergency contact and medical notes. The server's word (an email another account
 * uses, a date in the future) shows under its field; 'Shared family email' lets a family share one address.
 */
export function MemberDetailsForm({
  record,
  onSaved,
  onCancel,
}: {
  record: MemberRecord;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateMember(record.id);
  const [formError, setFormError] = useState<string | null>(null);
  const ids = { personal: useId(), contact: useId(), address: useId(), care: useId() };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Form>({ resolver: zodResolver(memberDetailsBody), defaultValues: valuesOf(record) });

  const submit = handleSubmit((values) => {
    setFormError(null);
    update.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => setFormError(showServerErrors(error, FIELDS, setError)),
    });
  });

  return (
    <form className="form member-form" onSubmit={submit} noValidate>
      <section className="member-form__group" aria-labelledby={ids.personal}>
        <h2 id={ids.personal}>Personal details</h2>
        <div className="form__row">
          <TextField
            label="First name"
            autoComplete="off"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="off"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <TextField
          label="Date of birth"
          type="date"
          className="member-form__short"
          error={errors.date_of_birth?.message}
          {...register('date_of_birth')}
        />
      </section>

      <section className="member-form__group" aria-labelledby={ids.contact}>
        <h2 id={ids.contact}>Contact details</h2>
        <div className="form__row">
          <TextField
            label="Email address"
            type="email"
            autoComplete="off"
            hint="Their log-in name and where we write to them."
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="off"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        <CheckboxField
          label="Shared family email (another account uses this address)"
          error={errors.shared_email?.message}
          {...register('shared_email')}
        />
        <CheckboxField
          label="Keep me up to date with news and offers by email"
          {...register('marketing_opt_in')}
        />
      </section>

      <section className="member-form__group" aria-labelledby={ids.address}>
        <h2 id={ids.address}>Address</h2>
        <TextField
          label="Address line 1"
          autoComplete="off"
          error={errors.address_line_one?.message}
          {...register('address_line_one')}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="off"
          error={errors.address_line_two?.message}
          {...register('address_line_two')}
        />
        <div className="form__row">
          <TextField
            label="Town or city"
            autoComplete="off"
            error={errors.town?.message}
            {...register('town')}
          />
          <TextField
            label="Postcode"
            autoComplete="off"
            className="member-form__short"
            error={errors.postcode?.message}
            {...register('postcode')}
          />
        </div>
      </section>

      <section className="member-form__group" aria-labelledby={ids.care}>
        <h2 id={ids.care}>Emergency and medical</h2>
        <div className="form__row">
          <TextField
            label="Emergency contact name"
            autoComplete="off"
            error={errors.emergency_contact_name?.message}
            {...register('emergency_contact_name')}
          />
          <TextField
            label="Emergency contact phone"
            type="tel"
            autoComplete="off"
            error={errors.emergency_contact_phone?.message}
            {...register('emergency_contact_phone')}
          />
        </div>
        <TextAreaField
          label="Medical information"
          hint="Conditions, medication or allergies the customer has told us about."
          error={errors.medical_notes?.message}
          {...register('medical_notes')}
        />
      </section>

      {formError && (
        <p className="field__error" role="alert">
          {formError}
        </p>
      )}
      <div className="button-row">
        <Button type="submit" isPending={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save details'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
