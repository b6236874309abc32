import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions } from '../../../../api/get-cart';
import { CheckoutView } from '../../../../features/checkout/components/checkout-view';
import { getModes, isKiosk } from '../../../../lib/modes';
import { PageTitle } from '../../../../lib/page-title';
import { Link } from '../../../../lib/router';
import { getSiteConfig } from '../../../../lib/site-config';
import { Button, buttonClass } from '../../../../ui/button';
import { Spinner } from '../../../../ui/spinner';

/** /basket/checkout (logged in): pay for the basket. */
export default function CheckoutPage() {
  const cart = useQuery(cartQueryOptions);
  return (
    <section className="page">
      <PageTitle title="Checkout" />
      <p>
        <Link to="/basket" className="back-link">
          Back to basket
        </Link>
      </p>
      <h1>Checkout</h1>
      {cart.isPending ? (
        <Spinner label="Loading your basket" />
      ) : cart.isError ? (
        <div className="stack" role="alert">
          <p>{BASKET_TEXTS.loadFailed}</p>
          <Button variant="secondary" onClick={() => cart.refetch()}>
            Try again
          </Button>
        </div>
      ) : cart.data.items.length === 0 ? (
        <div className="stack">
          <p>Your basket is empty.</p>
          <Link className={buttonClass('primary')} to="/redirect-to-selected-venue">
            Book an activity
          </Link>
        </div>
      ) : (
        <CheckoutView
          cart={cart.data}
          source={isKiosk(getModes()) ? 'kiosk' : 'online'}
          isDemo={getSiteConfig().demo}
        />
      )}
    </section>
  );
}
