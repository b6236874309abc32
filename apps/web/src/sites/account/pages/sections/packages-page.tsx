import { ComingSoonPage } from '../../../../shell/coming-soon-page';

export default function PackagesPage() {
  return <ComingSoonPage title="Packages" />;
}
