import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { useQuery } from '@tanstack/react-query';
import { type SavedCard, savedCardsQueryOptions } from '../../../api/get-saved-cards';
import { useNavigate } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { cardLabel } from '../rules/card-label';

/** Router state of /payments/manage-card: where the customer came from and the card to manage. */
export interface ManageCardState {
  fromPage?: string;
  fromPath?: string;
  savedCard?: SavedCard;
}

function SavedCardRow({ card }: { card: SavedCard }) {
  const navigate = useNavigate();
  const isExpired = card.expired;
  return (
    <li className="saved-card">
      <div className="saved-card__main">
        <p className="saved-card__name" data-testid="saved-card">
          {cardLabel(card)}
        </p>
        <p className="muted saved-card__expiry">Expires {card.expiryDate}</p>
        {isExpired && (
          <div className="saved-card__expired" role="note">
            <p>{PAYMENTS_TEXTS.cardExpired}</p>
            <p>{PAYMENTS_TEXTS.cardExpiredHint}</p>
          </div>
        )}
      </div>
      <Button
        variant="secondary"
        onClick={() =>
          navigate('/payments/manage-card', {
            state: { fromPage: 'Payments', fromPath: '/payments', savedCard: card } satisfies ManageCardState,
          })
        }
      >
        Manage Card
      </Button>
    </li>
  );
}

/** Payment methods: the saved card ('Visa ending in 4242'), its expired state, and 'Manage Card'. */
export function PaymentMethods() {
  const cards = useQuery(savedCardsQueryOptions);
  let content: React.ReactNode;
  if (cards.isPending) content = <Spinner label="Loading your saved card" />;
  else if (cards.isError)
    content = <LoadError text={PAYMENTS_TEXTS.somethingWrong} onRetry={() => cards.refetch()} />;
  else if (cards.data.length === 0) content = <p className="muted">No saved card</p>;
  else
    content = (
      <ul className="saved-cards">
        {cards.data.map((card) => (
          <SavedCardRow key={card.id} card={card} />
        ))}
      </ul>
    );
  return (
    <section className="card payments-section" aria-labelledby="payment-methods-heading">
      <h2 id="payment-methods-heading">Payment methods</h2>
      {content}
    </section>
  );
}
