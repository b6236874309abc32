import { DESK_TEXTS } from '@fieldhouse/contract/texts/staff-desk';
import { useState } from 'react';
import { CancelSession } from '../../../../features/programme/components/cancel-session';
import { ChangeSession } from '../../../../features/programme/components/change-session';
import { useRegister } from '../../../../features/registers/api/get-register';
import { SessionRegister } from '../../../../features/registers/components/session-register';
import { useStaffMe } from '../../../../features/staff-auth/api/get-staff-me';
import { canUse } from '../../../../features/staff-auth/rules/permissions';
import { isApiError } from '../../../../lib/api/client';
import { venueToday } from '../../../../lib/dates';
import { PageTitle } from '../../../../lib/page-title';
import { Link, useParams } from '../../../../lib/router';
import { LoadError } from '../../../../ui/load-error';
import { Spinner } from '../../../../ui/spinner';

export default function RegisterPage() {
  const sessionId = Number(useParams().sessionId);
  const register = useRegister(Number.isInteger(sessionId) && sessionId > 0 ? sessionId : 0);
  const session = register.data?.session;
  const day = session?.startsAt.local.slice(0, 10);
  const isNotFound = isApiError(register.error) && register.error.status === 404;
  const me = useStaffMe().data;
  // Administrators and centre managers may cancel a session that has not started (the server checks again).
  const isCancelled = session?.cancellationReason != null;
  // Cancelled from this page: its summary (what went back to whom) stays after the register reloads.
  const [cancelledHere, setCancelledHere] = useState(false);
  const mayCancel =
    me &&
    canUse(me.role, 'programme') &&
    session &&
    (cancelledHere || (!isCancelled && new Date(session.startsAt.raw) > new Date()));
  return (
    <div className="admin-page">
      <PageTitle title={session ? `Register: ${session.name}, ${session.startsAt.pretty}` : 'Register'} />
      <p>
        <Link to={session ? `/registers?venue=${session.venue.id}&date=${day}` : '/registers'}>
          <span aria-hidden="true">← </span>Registers
        </Link>
      </p>
      {register.isPending ? (
        <Spinner />
      ) : register.isError ? (
        <>
          <h1>Register</h1>
          <LoadError
            text={isNotFound ? DESK_TEXTS.sessionNotFound : register.error.message}
            onRetry={isNotFound ? undefined : () => void register.refetch()}
          />
        </>
      ) : (
        <>
          <h1>{register.data.session.name} register</h1>
          {isCancelled && <p className="notice notice--warning">Cancelled: {session?.cancellationReason}</p>}
          <SessionRegister register={register.data} isOpen={(day ?? '') <= venueToday()} />
          {mayCancel && !isCancelled && (
            <ChangeSession
              session={{
                id: register.data.session.id,
                startsLocal: register.data.session.startsAt.local,
                location: register.data.session.location,
                capacity: register.data.session.capacity,
              }}
              onChanged={() => void register.refetch()}
            />
          )}
          {mayCancel && (
            <CancelSession
              sessionId={register.data.session.id}
              onCancelled={() => {
                setCancelledHere(true);
                void register.refetch();
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
