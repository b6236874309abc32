import { NavLink } from '../../../../lib/router';

/** The front desk's tools. */
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
        <li>
          <NavLink to="/desk/cash-up" className="btn btn--secondary">
            Cash-up
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
