import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button, buttonClass } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Notice } from '../../../ui/notice';
import { withoutLeadingTitle } from '../../../ui/repeated-heading';
import { ServerHtml } from '../../../ui/server-html';
import { Spinner } from '../../../ui/spinner';
import { waiverQueryOptions } from '../api/get-waiver';
import { useSignWaiver } from '../api/sign-waiver';
import type { Waiver } from '../api/types';
import { answerText, attendeeQuestions } from '../rules/waiver-rules';
import '../waivers.css';

/**
 * One waiver (joining §2 Waiver page): missing or expired ones say so; an enhanced pre-waiver shows its attendee
 * view; any other shows its terms, and when the latest version is not signed yet an 'I agree' button.
 */
export function WaiverView({ slug, attendee }: { slug: string; attendee?: string }) {
  const waiver = useQuery(waiverQueryOptions(slug, attendee));
  if (waiver.isPending) return <Spinner label="Loading the waiver" />;
  if (waiver.isError) {
    if (isApiError(waiver.error) && waiver.error.status === 404)
      return <p className="waiver-message">{PROFILE_TEXTS.waiverNotFound}</p>;
    return <LoadError text={waiver.error.message} onRetry={() => void waiver.refetch()} />;
  }
  if (waiver.data.expired)
    return (
      <Notice tone="warning">
        <p>{PROFILE_TEXTS.waiverExpired}</p>
      </Notice>
    );
  return waiver.data.type === 'enhanced-pre-waiver' && waiver.data.attendee ? (
    <AttendeeWaiver waiver={waiver.data} attendee={waiver.data.attendee} />
  ) : (
    <SignableWaiver slug={slug} waiver={waiver.data} />
  );
}

function WaiverBody({ html, id }: { html: string; id?: string }) {
  return <ServerHtml id={id} className="waiver__body" html={html} />;
}

function SignableWaiver({ slug, waiver }: { slug: string; waiver: Waiver }) {
  const sign = useSignWaiver(slug);
  const headingId = useId();
  return (
    <article className="card waiver" aria-labelledby={headingId}>
      <h2 id={headingId}>{waiver.title}</h2>
      <WaiverBody html={withoutLeadingTitle(waiver.body, waiver.title)} />
      {waiver.signedOn ? (
        <p className="waiver__status">{PROFILE_TEXTS.waiverSignedOn(waiver.signedOn)}</p>
      ) : (
        <div className="waiver__sign">
          <p className="waiver__status">{PROFILE_TEXTS.waiverLatest}</p>
          <Button
            isPending={sign.isPending}
            onClick={() =>
              sign.mutate(undefined, {
                onSuccess: () =>
                  toast.success(PROFILE_TEXTS.waiverSigned, { duration: TOAST_DURATION.default }),
                onError: (error) => toast.error(error.message, { duration: TOAST_DURATION.default }),
              })
            }
          >
            {sign.isPending ? 'Processing...' : 'I agree'}
          </Button>
        </div>
      )}
    </article>
  );
}

function AttendeeWaiver({ waiver, attendee }: { waiver: Waiver; attendee: NonNullable<Waiver['attendee']> }) {
  const headingId = useId();
  const termsId = useId();
  const [isTermsOpen, setTermsOpen] = useState(false);
  const questions = attendeeQuestions(attendee.questions);
  return (
    <article className="card waiver" aria-labelledby={headingId}>
      <h2 id={headingId}>{waiver.title}</h2>
      <dl className="details-list details-list--compact">
        <div>
          <dt>Attendee</dt>
          <dd>{attendee.name}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{attendee.expires ?? 'Never'}</dd>
        </div>
      </dl>
      <div>
        <button
          type="button"
          className={buttonClass('text')}
          aria-expanded={isTermsOpen}
          aria-controls={termsId}
          onClick={() => setTermsOpen((open) => !open)}
        >
          {isTermsOpen ? 'Hide waiver terms' : 'Show waiver terms'}
        </button>
        {isTermsOpen && <WaiverBody id={termsId} html={withoutLeadingTitle(waiver.body, waiver.title)} />}
      </div>
      <section className="waiver__answers" aria-label="Answers">
        <h3>Answers</h3>
        <dl className="details-list details-list--rows details-list--wide">
          <div>
            <dt>Attendee name</dt>
            <dd>{attendee.name}</dd>
          </div>
          {questions.map((question) => (
            <div key={question.question.id}>
              <dt>{question.question.label}</dt>
              <dd>{answerText(question) || '-'}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
