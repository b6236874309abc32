import { STAFF_ROLE_LABELS, worksEverywhere } from '@fieldhouse/contract/staff';
import { useStaffMe } from '../../../../features/staff-auth/api/get-staff-me';
import { OwnAuthenticator } from '../../../../features/staff-auth/components/own-authenticator';
import { StaffPasswordForm } from '../../../../features/staff-auth/components/staff-password-form';
import { PageTitle } from '../../../../lib/page-title';
import { DetailsList } from '../../../../ui/details-list';

/**
 * /admin/me (every staff role): who they are, where they work, changing their own password and setting up their own
 * authenticator app.
 */
export default function MyAccountPage() {
  const me = useStaffMe().data;
  return (
    <div className="admin-page admin-me">
      <PageTitle title="Your account" />
      <h1>Your account</h1>
      {me && (
        <DetailsList
          variant={['rows']}
          rows={[
            ['Name', me.name],
            ['Email address', me.email],
            ['Role', STAFF_ROLE_LABELS[me.role]],
            ['Venues', worksEverywhere(me.role) ? 'Every venue' : me.venues.map((v) => v.name).join(', ')],
          ]}
        />
      )}
      <StaffPasswordForm />
      {me && <OwnAuthenticator me={me} />}
    </div>
  );
}
