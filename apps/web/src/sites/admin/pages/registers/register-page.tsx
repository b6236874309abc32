import { DESK_TEXTS } from '@fieldhouse/contract/texts/staff-desk';
import { useRegister } from '../../../../features/registers/api/get-register';
import { SessionRegister } from '../../../../features/registers/components/session-register';
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
          <SessionRegister register={register.data} isOpen={(day ?? '') <= venueToday()} />
        </>
      )}
    </div>
  );
}
