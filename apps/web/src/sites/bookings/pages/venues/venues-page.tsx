import { VenueChooser } from './venue-chooser';

/** /venues: the venue chooser, also when a venue is already selected ('Change venue'). */
export default function VenuesPage() {
  return <VenueChooser />;
}
