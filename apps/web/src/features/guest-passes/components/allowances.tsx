import { GUEST_PASS_TEXTS } from '@fieldhouse/contract/texts/guest-passes';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { buttonClass } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { allowancesQueryOptions } from '../api/get-allowances';
import type { GuestPassAllowance } from '../api/types';

const usesText = (n: number) => `${n} ${n === 1 ? 'use' : 'uses'} remaining`;

/** A few venues are listed; a long list folds away behind '{n} venues'. */
function AllowanceVenues({ venues }: { venues: GuestPassAllowance['venues'] }) {
  if (venues.length === 0) return <>All venues</>;
  if (venues.length <= 3) return <>{venues.map((v) => v.name).join(', ')}</>;
  return (
    <details className="allowance__venues">
      <summary>{venues.length} venues</summary>
      <ul>
        {venues.map((venue) => (
          <li key={venue.id}>{venue.name}</li>
        ))}
      </ul>
    </details>
  );
}

function AllowanceCard({ allowance }: { allowance: GuestPassAllowance }) {
  const headingId = useId();
  return (
    <li>
      <article className="allowance" aria-labelledby={headingId}>
        <p className="allowance__kind">{allowance.type === 'benefit' ? 'Membership benefit' : 'Package'}</p>
        <h3 id={headingId} className="allowance__name">
          {allowance.name}
        </h3>
        <dl className="details-list details-list--compact">
          <div>
            <dt>Uses remaining</dt>
            <dd data-testid="uses-remaining">{usesText(allowance.usesRemaining)}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>{allowance.expiresAt ? formatDate(allowance.expiresAt) : 'Does not expire'}</dd>
          </div>
          <div>
            <dt>Venues</dt>
            <dd>
              <AllowanceVenues venues={allowance.venues} />
            </dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

/** 'Send a guest pass': a link to the send form, or a disabled button saying why. */
export function SendGuestPassAction({ canSend }: { canSend: boolean }) {
  const reasonId = useId();
  if (canSend)
    return (
      <div>
        <Link to="/guest-passes/available-passes" className={buttonClass('primary')}>
          Send a guest pass
        </Link>
      </div>
    );
  return (
    <div className="stack">
      <button type="button" className={buttonClass('primary')} disabled aria-describedby={reasonId}>
        Send a guest pass
      </button>
      <p id={reasonId} className="muted">
        {GUEST_PASS_TEXTS.noAllowance}
      </p>
    </div>
  );
}

/** Guest pass allowances by benefit or package: name, uses remaining, expiry, venues. */
export function Allowances({
  userId,
  heading,
  showAction,
}: {
  userId: number;
  heading: string;
  showAction: boolean;
}) {
  const allowances = useQuery(allowancesQueryOptions(userId));
  let content: React.ReactNode;
  if (allowances.isPending) content = <Spinner label="Loading your guest pass allowances" />;
  else if (allowances.isError)
    content = <LoadError text={allowances.error.message} onRetry={() => allowances.refetch()} />;
  else {
    // The server lists only allowances with uses left: a pass can be sent while there is one.
    const usable = allowances.data;
    content = (
      <>
        {usable.length > 0 && (
          <ul className="allowances">
            {usable.map((allowance) => (
              <AllowanceCard key={`${allowance.type}-${allowance.pricingOptionId}`} allowance={allowance} />
            ))}
          </ul>
        )}
        {showAction ? (
          <SendGuestPassAction canSend={usable.length > 0} />
        ) : (
          usable.length === 0 && <p className="muted">{GUEST_PASS_TEXTS.noAllowance}</p>
        )}
      </>
    );
  }
  return (
    <section className="card guest-section" aria-labelledby="allowances-heading">
      <h2 id="allowances-heading">{heading}</h2>
      {content}
    </section>
  );
}
