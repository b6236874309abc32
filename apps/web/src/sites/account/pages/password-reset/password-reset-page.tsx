import { useParams } from 'react-router';
import { PasswordResetScreen } from '../../../../features/auth/components/password-reset-screen';
import { PageTitle } from '../../../../lib/page-title';

export default function PasswordResetPage() {
  const { token = '' } = useParams();
  return (
    <>
      <PageTitle title="Reset your password" />
      <PasswordResetScreen key={token} token={token} />
    </>
  );
}
