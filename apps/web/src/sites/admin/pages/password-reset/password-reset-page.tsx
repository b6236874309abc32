import { StaffPasswordResetScreen } from '../../../../features/staff-auth/components/staff-password-reset-screen';
import { PageTitle } from '../../../../lib/page-title';
import { useParams } from '../../../../lib/router';

/** /admin/password-reset/{token} (public): a staff member sets the password an administrator sent them a link for. */
export default function PasswordResetPage() {
  const { token = '' } = useParams();
  return (
    <>
      <PageTitle title="Choose a new password" />
      <StaffPasswordResetScreen key={token} token={token} />
    </>
  );
}
