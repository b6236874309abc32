import { useUser } from '../../../features/auth/api';
import { formatMoney } from '../../../lib/format';
import { PageTitle } from '../../../lib/page-title';
import { LoginControl } from '../../../shell/login-control';

/** /basket: the empty state until the basket issue adds the cart. */
export default function BasketPage() {
  const user = useUser();
  return (
    <section className="page basket">
      <PageTitle title="Shopping basket" />
      <h1>Shopping basket</h1>
      <div className="card basket__summary">
        <p>Your basket is empty.</p>
        <dl className="basket__totals">
          <dt>Total</dt>
          <dd data-testid="basket-total">{formatMoney(0)}</dd>
        </dl>
      </div>
      {user === null && (
        <div className="stack">
          <p>Log in to add items to your basket</p>
          <LoginControl />
        </div>
      )}
    </section>
  );
}
