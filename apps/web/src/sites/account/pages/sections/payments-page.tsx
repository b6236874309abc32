import { ComingSoonPage } from '../../../../shell/coming-soon-page';

export default function PaymentsPage() {
  return <ComingSoonPage title="Payments" />;
}
