import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from '../../../lib/router';
import { buttonClass } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { waiversQueryOptions } from '../api/get-waivers';
import type { WaiverEntry } from '../api/types';
import { visibleWaiverEntries } from '../rules/waiver-rules';
import '../waivers.css';

/** A waiver's page; an enhanced waiver's attendee rides along so each 'View' opens that attendee's signature. */
const waiverPath = (id: number, attendee?: string | null) =>
  `/user-details/waivers/${id}${attendee ? `?attendee=${encodeURIComponent(attendee)}` : ''}`;
const expiresText = (expires: { date: { rawPretty: string } } | null) => expires?.date.rawPretty ?? 'Never';

/** Waivers list (joining §2): enhanced waivers grouped by attendee, simple ones with their dates. */
export function WaiverList() {
  const waivers = useQuery(waiversQueryOptions);
  const headingId = useId();
  return (
    <section className="waivers" aria-labelledby={headingId}>
      <h2 id={headingId}>{PROFILE_TEXTS.reviewWaivers}</h2>
      {waivers.isPending ? (
        <Spinner label="Loading your waivers" />
      ) : waivers.isError ? (
        <LoadError text={waivers.error.message} onRetry={() => void waivers.refetch()} />
      ) : (
        <WaiverEntries entries={visibleWaiverEntries(waivers.data)} />
      )}
    </section>
  );
}

function WaiverEntries({ entries }: { entries: WaiverEntry[] }) {
  if (entries.length === 0) return <p className="waivers__empty">{PROFILE_TEXTS.noWaivers}</p>;
  return (
    <ul className="waivers__list">
      {entries.map((entry) => (
        <li key={entry.restriction.id}>
          {entry.restriction.type === 'enhanced-pre-waiver' ? (
            <EnhancedWaiverCard entry={entry} />
          ) : (
            <SimpleWaiverCard entry={entry} />
          )}
        </li>
      ))}
    </ul>
  );
}

function SimpleWaiverCard({ entry }: { entry: WaiverEntry }) {
  const headingId = useId();
  return (
    <article className="card waiver-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{entry.restriction.name}</h3>
      {entry.waivers.map((waiver) => (
        <div key={waiver.id} className="waiver-card__row">
          <dl className="details-list details-list--compact">
            <div>
              <dt>Signed on</dt>
              <dd>{waiver.signed?.rawPretty ?? 'Not signed'}</dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>{expiresText(waiver.expires)}</dd>
            </div>
          </dl>
          <Link
            className={buttonClass('secondary')}
            to={waiverPath(waiver.id)}
            aria-label={`View waiver: ${entry.restriction.name}`}
          >
            View waiver
          </Link>
        </div>
      ))}
    </article>
  );
}

function EnhancedWaiverCard({ entry }: { entry: WaiverEntry }) {
  const headingId = useId();
  const listId = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <article className="card waiver-card" aria-labelledby={headingId}>
      <div className="waiver-card__header">
        <h3 id={headingId}>{entry.restriction.name}</h3>
        <button
          type="button"
          className={buttonClass('text')}
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setOpen((open) => !open)}
        >
          {isOpen ? 'Hide attendees' : 'Show attendees'}
        </button>
      </div>
      <ul id={listId} className="waiver-card__attendees" hidden={!isOpen}>
        {entry.waivers.map((waiver) => {
          const name = waiver.attendee ?? 'Attendee';
          return (
            <li key={`${waiver.id}-${waiver.attendee ?? ''}`} className="waiver-card__row">
              <div>
                <p className="waiver-card__name">{name}</p>
                <p className="muted">Expires: {expiresText(waiver.expires)}</p>
              </div>
              <Link
                className={buttonClass('secondary')}
                to={waiverPath(waiver.id, waiver.attendee)}
                aria-label={`View ${name}`}
              >
                View
              </Link>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
