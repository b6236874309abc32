import { OrderHistory } from '../../../../features/payments/components/order-history';
import { PageTitle } from '../../../../lib/page-title';

/** /payments/order-history */
export default function OrderHistoryPage() {
  return (
    <>
      <PageTitle title="Order history" />
      <OrderHistory />
    </>
  );
}
