import { fillPath } from '@fieldhouse/contract/call';
import { exportStaffMemberData } from '@fieldhouse/contract/routes/member-data';
import { memberNoteBody } from '@fieldhouse/contract/staff-members';
import { erasedEmail } from '@fieldhouse/contract/texts/member-erasure';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { Link } from '../../../lib/router';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button, buttonClass } from '../../../ui/button';
import { DetailsList, type DetailsRow } from '../../../ui/details-list';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { TextAreaField } from '../../../ui/text-area-field';
import { type MemberRecord, useMemberRecord } from '../api/get-member-record';
import { useAddMemberNote, useInviteMember, useSetMemberFlag } from '../api/update-member';
import { EraseMember } from './erase-member';
import { showServerErrors } from './server-errors';
import '../member-record.css';

/**
 * The part of a customer's record their venue's staff keep: address, emergency and medical details, the checks
 * staff have made (flags, with who and when), notes, 'Edit details' and, for a walk-in without a password, the
 * invitation to the website. Staff of other venues see why it is not shown (the server answers 404 to them).
 */
export function MemberRecordPanel({
  customerId,
  editHref,
  mayErase = false,
  mayExport = false,
}: {
  customerId: number;
  editHref: string;
  /** Administrators: 'Erase personal data' (decision 073; the server checks the role again). */
  mayErase?: boolean;
  /** Administrators and centre managers: the customer's data for a subject access request (decision 077). */
  mayExport?: boolean;
}) {
  const record = useMemberRecord(customerId);
  const headingId = useId();
  return (
    <section className="card member-record" aria-labelledby={headingId}>
      <div className="member-record__head">
        <h2 id={headingId}>Record and notes</h2>
        {record.data && (
          <Link to={editHref} className={buttonClass('secondary')}>
            Edit details
          </Link>
        )}
      </div>
      {record.isPending ? (
        <Spinner />
      ) : record.isError ? (
        isApiError(record.error) && record.error.status === 404 ? (
          <p className="muted">Only staff at this customer’s home venue can see and change their record.</p>
        ) : (
          <LoadError text={record.error.message} onRetry={() => void record.refetch()} />
        )
      ) : (
        <>
          <RecordFacts record={record.data} />
          {!isErased(record.data) && <WebsiteAccess record={record.data} />}
          <RecordFlags record={record.data} />
          <RecordNotes record={record.data} />
          {mayExport && !isErased(record.data) && <DataExportLinks customerId={record.data.id} />}
          {isErased(record.data) ? (
            <p className="muted">This customer’s personal data has been erased.</p>
          ) : (
            mayErase && <EraseMember customerId={record.data.id} reference={record.data.reference} />
          )}
        </>
      )}
    </section>
  );
}

/** A subject access request (decision 077): the customer's data as JSON or a readable page; each download audited. */
function DataExportLinks({ customerId }: { customerId: number }) {
  const path = fillPath(exportStaffMemberData.path, { id: customerId });
  return (
    <div className="member-record__export">
      <h3>Subject access request</h3>
      <p className="muted">
        Everything held about this customer. Each download is recorded in the audit log.
      </p>
      <div className="form-actions">
        <a className={buttonClass('secondary')} href={`${path}?format=json`} download>
          Download data (JSON)
        </a>
        <a className={buttonClass('secondary')} href={`${path}?format=html`} download>
          Download data (web page)
        </a>
      </div>
    </div>
  );
}

/** An erased customer's record (decision 073): it holds the placeholder email erasure writes. */
const isErased = (r: MemberRecord) => r.email === erasedEmail(r.id);

function RecordFacts({ record: r }: { record: MemberRecord }) {
  const address = [r.addressLineOne, r.addressLineTwo, r.town, r.postcode].filter(Boolean).join(', ');
  const emergency = [r.emergencyContactName, r.emergencyContactPhone].filter(Boolean).join(', ');
  const rows: DetailsRow[] = [
    ['Address', address || 'None recorded'],
    ['Emergency contact', emergency || 'None recorded'],
    ['Medical information', r.medicalNotes || 'None recorded'],
    ['News and offers by email', r.marketingOptIn ? 'Yes' : 'No'],
  ];
  return <DetailsList rows={rows} variant={['rows']} />;
}

function WebsiteAccess({ record }: { record: MemberRecord }) {
  const invite = useInviteMember(record.id);
  if (record.hasPassword && !record.walkIn) return null;
  const madeBy = record.walkIn
    ? `Made at the desk${record.walkIn.createdBy ? ` by ${record.walkIn.createdBy}` : ''}.`
    : '';
  return (
    <div className="member-record__access">
      <p>
        {madeBy}{' '}
        {record.hasPassword
          ? 'They have set a password and use the website.'
          : 'No password yet: they cannot log in to the website.'}
      </p>
      {!record.hasPassword && record.email && (
        <Button
          type="button"
          variant="secondary"
          isPending={invite.isPending}
          onClick={() =>
            invite.mutate(undefined, {
              onSuccess: ({ message }) => toast.success(message, { duration: TOAST_DURATION.default }),
              onError: (error) => toast.error(error.message, { duration: TOAST_DURATION.default }),
            })
          }
        >
          Email an invitation to set a password
        </Button>
      )}
    </div>
  );
}

function RecordFlags({ record }: { record: MemberRecord }) {
  const setFlag = useSetMemberFlag(record.id);
  const headingId = useId();
  return (
    <div className="member-record__flags">
      <h3 id={headingId}>Checks</h3>
      <ul className="member-record__list" aria-labelledby={headingId}>
        {record.flags.map((f) => (
          <li key={f.flag} className="member-record__flag">
            <label>
              <input
                type="checkbox"
                // While the change is on its way the box shows it (the record then confirms it).
                checked={
                  setFlag.isPending && setFlag.variables.flag === f.flag ? setFlag.variables.isSet : f.isSet
                }
                disabled={setFlag.isPending}
                onChange={(event) =>
                  setFlag.mutate(
                    { flag: f.flag, isSet: event.target.checked },
                    { onError: (error) => toast.error(error.message, { duration: TOAST_DURATION.default }) },
                  )
                }
              />{' '}
              {f.label}
            </label>
            {f.isSet && f.setAt && (
              <span className="muted">
                {' '}
                ({f.setBy ?? 'Staff'}, {f.setAt.pretty})
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RecordNotes({ record }: { record: MemberRecord }) {
  const addNote = useAddMemberNote(record.id);
  const headingId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ body: string }>({ resolver: zodResolver(memberNoteBody), defaultValues: { body: '' } });
  const submit = handleSubmit(({ body }) => {
    setFormError(null);
    addNote.mutate(body, {
      onSuccess: () => reset({ body: '' }),
      onError: (error) => setFormError(showServerErrors(error, ['body'], setError)),
    });
  });
  return (
    <div className="member-record__notes">
      <h3 id={headingId}>Notes</h3>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <TextAreaField label="New note" rows={2} error={errors.body?.message} {...register('body')} />
        {formError && (
          <p className="field__error" role="alert">
            {formError}
          </p>
        )}
        <div className="button-row">
          <Button type="submit" variant="secondary" isPending={addNote.isPending}>
            Add note
          </Button>
        </div>
      </form>
      {record.notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="member-record__list">
          {record.notes.map((n) => (
            <li key={n.id} className="member-record__note">
              <p className="member-record__note-body">{n.body}</p>
              <p className="muted">
                {n.author}, {n.createdAt.pretty}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
