import { NavLink } from '../../../../lib/router';

/** The front desk's two tools. */
export function DeskTabs() {
  return (
    <nav aria-label="Front desk">
      <ul className="desk-tabs">
        <li>
          <NavLink to="/desk" end className="btn btn--secondary">
            Find a customer
          </NavLink>
        </li>
        <li>
          <NavLink to="/desk/guest-passes" className="btn btn--secondary">
            Guest passes
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
