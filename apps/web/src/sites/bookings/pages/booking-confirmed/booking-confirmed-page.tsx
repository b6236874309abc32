import { BookingConfirmation } from '../../../../features/checkout/components/booking-confirmation';
import { useParams } from '../../../../lib/router';
import { NotFoundContent } from '../../../../shell/screens';

/** /booking-confirmed/:orderId (logged in). */
export default function BookingConfirmedPage() {
  const { orderId = '' } = useParams();
  const id = Number(orderId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundContent />;
  return <BookingConfirmation orderId={id} />;
}
