import { useClient } from '../../../../features/client/api/get-client';
import { Outlet } from '../../../../lib/router';
import { NotFoundContent } from '../../../../shell/screens';
import '../../../../features/guest-passes/guest-passes.css';

/** Guest passes exist only when the online guest passes feature is on. */
export default function GuestPassesLayout() {
  const client = useClient();
  if (!client?.features.onlineGuestPasses) return <NotFoundContent />;
  return (
    <div className="guest-passes-page">
      <Outlet />
    </div>
  );
}
