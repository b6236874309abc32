import { WaiverList } from '../../../../features/waivers/components/waiver-list';

/** /user-details/waivers: 'Review your waivers'. */
export default function WaiversPage() {
  return <WaiverList />;
}
