import { Navigate, useLocation } from '../../../../lib/router';

/** /reports opens the takings, keeping any period in the address. */
export default function ReportsIndexPage() {
  const { search } = useLocation();
  return <Navigate to={`/reports/takings${search}`} replace />;
}
