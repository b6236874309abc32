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
  /** id of the element naming the session (the card heading), for the buttons' descriptions. */
  describedBy?: string;
}

const toastError = (error: unknown) =>
  toast.error(serverMessageOr(error, DEFAULT_ERROR_TEXTS.generic), {
    duration: TOAST_DURATION.default,
  });

function AddToBasketButton({
  session,
  isLoggedIn,
  describedBy,
  add,
  onAdd,
}: ActionProps & { add: ReturnType<typeof useAddToBasket>; onAdd: () => void }) {
  return (
    <Button
      isPending={add.isPending}
      aria-describedby={describedBy}
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

function JoinWaitlistButton({ session, isLoggedIn, describedBy }: ActionProps) {
  const join = useJoinWaitlist();
  return (
    <Button
      variant="secondary"
      isPending={join.isPending}
      aria-describedby={describedBy}
      onClick={() => {
        if (!isLoggedIn) {
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

function LeaveWaitlistButton({ session, entryId, describedBy }: ActionProps & { entryId: number }) {
  const leave = useLeaveWaitlist();
  return (
    <Button
      variant="text"
      isPending={leave.isPending}
      aria-describedby={describedBy}
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
  // 'Add to basket' tapped before logging in (shell/pending-add): done now, once, whatever the session's state has
  // become (full, booked: the server's message says why not); already in the basket, there is nothing to add.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the member is known
  useEffect(() => {
    if (isLoggedIn && takePendingAdd(session.id) && action.kind !== 'in-basket') addNow();
  }, [isLoggedIn, session.id]);
  let content: React.ReactNode;
  switch (action.kind) {
    case 'add':
      content = <AddToBasketButton {...props} add={add} onAdd={addNow} />;
      break;
    case 'join-waitlist':
      content = <JoinWaitlistButton {...props} />;
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
