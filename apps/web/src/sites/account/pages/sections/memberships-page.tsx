import { ComingSoonPage } from '../../../../shell/coming-soon-page';

export default function MembershipsPage() {
  return <ComingSoonPage title="Memberships" />;
}
