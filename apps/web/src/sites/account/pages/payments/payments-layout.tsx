import { useClient } from '../../../../features/client/api/get-client';
import { PageTitle } from '../../../../lib/page-title';
import { Link, Outlet, useLocation } from '../../../../lib/router';
import { NotFoundContent } from '../../../../shell/screens';
import '../../../../features/payments/payments.css';

/** Payments: heading and the Summary / Credit / Order history tabs (links, the current one aria-current). */
export default function PaymentsLayout() {
  const client = useClient();
  const { pathname } = useLocation();
  const isCreditPath = /\/payments\/credit(\/|$)/.test(pathname);
  const isKnownCredit = /\/payments\/credit(\/(added|spent))?\/?$/.test(pathname);
  // Credit exists only when the credits feature is on; unknown credit views are not found either.
  if (isCreditPath && (!client?.features.credits || !isKnownCredit)) return <NotFoundContent />;
  const tabs = [
    { to: '/payments', label: 'Summary', isCurrent: /\/payments\/?$/.test(pathname) },
    ...(client?.features.credits
      ? [{ to: '/payments/credit/added', label: 'Credit', isCurrent: isCreditPath }]
      : []),
    {
      to: '/payments/order-history',
      label: 'Order history',
      isCurrent: pathname.includes('/payments/order-history'),
    },
  ];
  return (
    <div className="payments">
      <PageTitle title="Payments" />
      <h1>Payments</h1>
      <nav className="payments-tabs" aria-label="Payments">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link to={tab.to} aria-current={tab.isCurrent ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
