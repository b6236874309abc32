import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions } from '../../../../api/get-cart';
import { useUser } from '../../../../features/auth/api/get-user';
import { BasketView } from '../../../../features/basket/components/basket-view';
import { formatMoney } from '../../../../lib/format';
import { PageTitle } from '../../../../lib/page-title';
import { Link } from '../../../../lib/router';
import { LoginControl } from '../../../../shell/login-control';
import { Button, buttonClass } from '../../../../ui/button';
import { Spinner } from '../../../../ui/spinner';

function EmptyBasket({ isLoggedOut }: { isLoggedOut: boolean }) {
  return (
    <>
      <div className="card basket__summary">
        <p>Your basket is empty.</p>
        <dl className="basket__totals">
          <dt>Total</dt>
          <dd data-testid="basket-total">{formatMoney(0)}</dd>
        </dl>
      </div>
      <div className="stack">
        {isLoggedOut ? (
          <>
            <p>{BASKET_TEXTS.loggedOut}</p>
            <LoginControl />
          </>
        ) : (
          <Link className={buttonClass('primary')} to="/redirect-to-selected-venue">
            Book an activity
          </Link>
        )}
      </div>
    </>
  );
}

function CustomerBasket() {
  const cart = useQuery(cartQueryOptions);
  if (cart.isPending) return <Spinner label="Loading your basket" />;
  if (cart.isError)
    return (
      <div className="stack" role="alert">
        <p>{BASKET_TEXTS.loadFailed}</p>
        <Button variant="secondary" onClick={() => cart.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (cart.data.items.length === 0) return <EmptyBasket isLoggedOut={false} />;
  return <BasketView cart={cart.data} />;
}

/** /basket: the customer's basket, or the empty state asking a logged-out visitor to log in. */
export default function BasketPage() {
  const user = useUser();
  return (
    <section className="page basket">
      <PageTitle title="Shopping basket" />
      <h1>Shopping basket</h1>
      {user === undefined ? <Spinner /> : user === null ? <EmptyBasket isLoggedOut /> : <CustomerBasket />}
    </section>
  );
}
