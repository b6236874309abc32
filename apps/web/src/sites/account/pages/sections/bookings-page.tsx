import { useParams } from 'react-router';
import { PageTitle } from '../../../../lib/page-title';

const FILTERS = ['upcoming', 'previous', 'historic', 'waitlist'];

export default function BookingsPage() {
  const { filter = 'upcoming' } = useParams();
  if (!FILTERS.includes(filter))
    return (
      <section className="page">
        <PageTitle title="Bookings" />
        <h1>Bookings</h1>
        <p>Booking filter not found</p>
      </section>
    );
  return (
    <section className="page">
      <PageTitle title="Bookings" />
      <h1>Bookings</h1>
      <p>This section of your account is coming soon.</p>
    </section>
  );
}
