import { useUser } from '../../../../features/auth/api/get-user';
import { NextBooking } from '../../../../features/bookings/components/next-booking';
import { useClient } from '../../../../features/client/api/get-client';
import { PageTitle } from '../../../../lib/page-title';
import { Link } from '../../../../lib/router';
import { SiteLink } from '../../../../shell/site-link';
import { buttonClass } from '../../../../ui/button';
import { Notice } from '../../../../ui/notice';
import { EligibilityNotices } from './eligibility-notices';
import { ProfilePhoto } from './profile-photo';
import { ProfilePhotoReminder } from './profile-photo-reminder';
import './dashboard.css';

export default function DashboardPage() {
  const user = useUser();
  const client = useClient();
  if (!user) return null;
  return (
    <div className="dashboard">
      <PageTitle title="Account Dashboard" />
      <div className="dashboard__title">
        <h1>Account Dashboard</h1>
        <p className="dashboard__reference">Customer no {user.reference}</p>
      </div>

      <EligibilityNotices user={user} />
      {user.hasOutstandingPenalties && (
        <Notice tone="danger">
          <p>You have unpaid fees on your account</p>
          <Link to="/payments">Payments</Link>
        </Notice>
      )}
      <ProfilePhotoReminder user={user} />

      <section className="card dashboard__welcome" aria-labelledby="welcome-heading">
        <ProfilePhoto user={user} />
        <div>
          <h2 id="welcome-heading">Welcome {user.firstName}!</h2>
          {client?.features.credits && (
            <p>
              Credit balance: <strong>{user.credit.balance.formatted}</strong>
            </p>
          )}
        </div>
      </section>

      <NextBooking
        emptyAction={
          <SiteLink site="bookings" to="/redirect-to-selected-venue" className={buttonClass('primary')}>
            Book an activity
          </SiteLink>
        }
      />

      {client?.features.onlineGuestPasses && (
        <section className="card dashboard__section" aria-labelledby="guest-passes-heading">
          <h2 id="guest-passes-heading">Guest Passes</h2>
          <p>Send a guest pass to a friend and see the passes you have sent.</p>
          <Link to="/guest-passes">View guest passes</Link>
        </section>
      )}
    </div>
  );
}
