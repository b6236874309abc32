import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { WAITLIST_TEXTS } from '@fieldhouse/contract/texts/waitlist';
import { useEffect, useRef } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { Link } from '../../../lib/router';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { openLoginModal } from '../../../shell/login-modal-store';
import { rememberPendingAdd, takePendingAdd } from '../../../shell/pending-add';
import { Button } from '../../../ui/button';
import { useAddToBasket } from '../api/add-to-basket';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import type { Session } from '../api/types';
import { sessionAction } from '../rules/timetable';

interface ActionProps {
  session: Session;
  isLoggedIn: boolean;
}

/**
 * A repeated control's accessible name ('Add to basket: Yoga at 09:30'): a list of sessions has one such button
 * each, and a screen reader's list of buttons must tell them apart. The visible words come first, so a voice
 * command with the words on screen still finds it.
 */
const named = (words: string, session: Session) => `${words}: ${session.name} at ${session.startsAt.time}`;

const toastError = (error: unknown) =>
  toast.error(serverMessageOr(error, DEFAULT_ERROR_TEXTS.generic), {
    duration: TOAST_DURATION.default,
  });

function AddToBasketButton({
  session,
  isLoggedIn,
  add,
  onAdd,
}: ActionProps & { add: ReturnType<typeof useAddToBasket>; onAdd: () => void }) {
  return (
    <Button
      isPending={add.isPending}
      aria-label={named('Add to basket', session)}
      onClick={() => {
        if (!isLoggedIn) {
          // Added once they have logged in or made an account (shell/pending-add).
          rememberPendingAdd(session.id);
          openLoginModal();
          return;
        }
        onAdd();
      }}
    >
      {add.isPending && <span className="btn__spinner" aria-hidden="true" />}
      Add to basket
    </Button>
  );
}

function JoinWaitlistButton({
  session,
  isLoggedIn,
  join,
}: ActionProps & { join: ReturnType<typeof useJoinWaitlist> }) {
  return (
    <Button
      variant="secondary"
      isPending={join.isPending}
      aria-label={named('Join waitlist', session)}
      onClick={() => {
        if (!isLoggedIn) {
          // Joined once they have logged in or made an account (shell/pending-add).
          rememberPendingAdd(session.id, 'waitlist');
          openLoginModal();
          return;
        }
        join.mutate(session.id, { onError: toastError });
      }}
    >
      {join.isPending && <span className="btn__spinner" aria-hidden="true" />}
      Join waitlist
    </Button>
  );
}

function LeaveWaitlistButton({ session, entryId }: ActionProps & { entryId: number }) {
  const leave = useLeaveWaitlist();
  return (
    <Button
      variant="text"
      isPending={leave.isPending}
      aria-label={leave.isPending ? undefined : named('Leave waitlist', session)}
      onClick={() => leave.mutate({ entryId, sessionId: session.id }, { onError: toastError })}
    >
      {leave.isPending ? WAITLIST_TEXTS.removing : 'Leave waitlist'}
    </Button>
  );
}

/** The session's state and what can be done with it (timetable card and session detail). */
export function SessionAction(props: ActionProps) {
  const { session, isLoggedIn } = props;
  const action = sessionAction(session);
  const add = useAddToBasket();
  const join = useJoinWaitlist();
  // Once added, the button is gone: focus goes on to 'View basket' (the next step) rather than to the page.
  const added = useRef(false);
  const container = useRef<HTMLDivElement>(null);
  const addNow = () => {
    added.current = true;
    add.mutate(session.id, {
      onError: (error) => {
        added.current = false;
        toastError(error);
      },
    });
  };
  useEffect(() => {
    if (action.kind !== 'in-basket' || !added.current) return;
    added.current = false;
    container.current?.querySelector<HTMLAnchorElement>('a[href$="/basket"]')?.focus();
  }, [action.kind]);
  // 'Add to basket' or 'Join waitlist' tapped before logging in (shell/pending-add): done now, once, whatever the
  // session's state has become (full, booked: the server's message says why not); already in the basket or on its
  // waitlist, there is nothing to do.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the member is known
  useEffect(() => {
    if (!isLoggedIn) return;
    const pending = takePendingAdd(session.id);
    if (pending === 'add' && action.kind !== 'in-basket') addNow();
    if (pending === 'waitlist' && action.kind !== 'on-waitlist')
      join.mutate(session.id, { onError: toastError });
  }, [isLoggedIn, session.id]);
  let content: React.ReactNode;
  switch (action.kind) {
    case 'add':
      content = <AddToBasketButton {...props} add={add} onAdd={addNow} />;
      break;
    case 'join-waitlist':
      content = <JoinWaitlistButton {...props} join={join} />;
      break;
    case 'in-basket':
      content = (
        <>
          <span className="session-status session-status--positive">In basket</span>
          <Link to="/basket">View basket</Link>
        </>
      );
      break;
    case 'on-waitlist':
      content = (
        <>
          <span className="session-status">{action.label}</span>
          {action.entryId !== null && <LeaveWaitlistButton {...props} entryId={action.entryId} />}
        </>
      );
      break;
    default:
      content = (
        <span className={`session-status${action.kind === 'booked' ? ' session-status--positive' : ''}`}>
          {action.label}
        </span>
      );
  }
  return (
    <div className="session-action" aria-live="polite" ref={container}>
      {content}
    </div>
  );
}
