import { OrderDetail } from '../../../../features/payments/components/order-detail';
import { PageTitle } from '../../../../lib/page-title';
import { Link, useLocation, useParams } from '../../../../lib/router';
import '../../../../features/payments/payments.css';

/** Where 'Go back to {fromPage}' leads for the pages that link here. */
const BACK_PATHS: Record<string, string> = {
  'Order history': '/payments/order-history',
  Bookings: '/bookings',
  Payments: '/payments',
};

interface OrderDetailState {
  fromPage?: string;
  fromPath?: string;
}

/** /payments/order-history/:orderId, reached from the order history or a booking ('View order'). */
export default function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const state = (useLocation().state ?? {}) as OrderDetailState;
  const fromPage = state.fromPage ?? 'Order history';
  const backPath = state.fromPath?.startsWith('/')
    ? state.fromPath
    : (BACK_PATHS[fromPage] ?? '/payments/order-history');
  const id = /^\d+$/.test(orderId) ? Number(orderId) : Number.NaN;
  return (
    <div className="payments">
      <PageTitle title={`Order ${orderId}`} />
      <p>
        <Link to={backPath} className="back-link">
          Go back to {fromPage}
        </Link>
      </p>
      <h1>Order {orderId}</h1>
      <OrderDetail orderId={id} />
    </div>
  );
}
