import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { useQuery } from '@tanstack/react-query';
import { savedCardsQueryOptions } from '../../../../api/get-saved-cards';
import { ManageCard } from '../../../../features/payments/components/manage-card';
import type { ManageCardState } from '../../../../features/payments/components/payment-methods';
import { PageTitle } from '../../../../lib/page-title';
import { Link, useLocation, useNavigate } from '../../../../lib/router';
import { Button } from '../../../../ui/button';
import { Spinner } from '../../../../ui/spinner';
import '../../../../features/payments/payments.css';

/** /payments/manage-card: the card from router state (fromPage, savedCard), else the newest saved card. */
export default function ManageCardPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as ManageCardState;
  const fromPage = state.fromPage ?? 'Payments';
  const backPath = state.fromPath?.startsWith('/') ? state.fromPath : '/payments';
  const cards = useQuery({ ...savedCardsQueryOptions, enabled: !state.savedCard });
  const card = state.savedCard ?? cards.data?.[0];

  let content: React.ReactNode;
  if (card)
    content = (
      <ManageCard
        key={card.id}
        card={card}
        onSaved={(saved) => navigate('.', { replace: true, state: { ...state, savedCard: saved } })}
      />
    );
  else if (cards.isPending) content = <Spinner label="Loading your saved card" />;
  else if (cards.isError)
    content = (
      <div className="stack" role="alert">
        <p>{PAYMENTS_TEXTS.somethingWrong}</p>
        <Button variant="secondary" onClick={() => cards.refetch()}>
          Try again
        </Button>
      </div>
    );
  else content = <p>No saved card</p>;

  return (
    <div className="payments">
      <PageTitle title="Manage card" />
      <p>
        <Link to={backPath} className="back-link">
          Go back to {fromPage}
        </Link>
      </p>
      <h1>Manage card</h1>
      {content}
    </div>
  );
}
