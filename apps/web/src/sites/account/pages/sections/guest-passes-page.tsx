import { ComingSoonPage } from '../../../../shell/coming-soon-page';

export default function GuestPassesPage() {
  return <ComingSoonPage title="Guest Passes" />;
}
