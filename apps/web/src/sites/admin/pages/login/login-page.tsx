import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useEffect, useState } from 'react';
import { safeRedirect } from '../../../../features/auth/rules/redirect';
import { StaffLoginForm } from '../../../../features/staff-auth/components/staff-login-form';
import { clearSessionEnd, peekSessionEnd } from '../../../../features/staff-auth/stores/session-end';
import { PageTitle } from '../../../../lib/page-title';
import { useNavigate, useSearchParams } from '../../../../lib/router';
import { Notice } from '../../../../ui/notice';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Why the login page shows, said once (read on the first render, forgotten after it).
  const [sessionEnd] = useState(peekSessionEnd);
  useEffect(clearSessionEnd, []);
  return (
    <div className="admin-login card">
      <PageTitle title="Staff log in" />
      <h1>Staff log in</h1>
      <div role="status">
        {sessionEnd === 'expired' && (
          <Notice tone="warning">
            <p>{STAFF_TEXTS.sessionExpired}</p>
          </Notice>
        )}
        {sessionEnd === 'logged_out' && (
          <Notice tone="success">
            <p>You have logged out.</p>
          </Notice>
        )}
      </div>
      <StaffLoginForm onLoggedIn={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />
    </div>
  );
}
