import { ComingSoonPage } from '../../../../shell/coming-soon-page';

export default function MyDetailsPage() {
  return <ComingSoonPage title="My details" />;
}
