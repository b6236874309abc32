import type { StaffRole } from '@fieldhouse/contract/staff';

/** The parts of the console, each with the roles the server lets use it (it checks every call again). */
export const STAFF_AREAS = {
  desk: ['administrator', 'centre_manager', 'front_desk'],
  registers: ['administrator', 'centre_manager', 'front_desk'],
  approvals: ['administrator', 'centre_manager'],
  /** Programme changes: cancelling a session with its refunds (issue 35). */
  programme: ['administrator', 'centre_manager'],
  /** Reports and finance (issue 37): centre managers see their venues' figures, finance every venue's. */
  reports: ['administrator', 'centre_manager', 'finance'],
  audit: ['administrator'],
  accounts: ['administrator'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

export const canUse = (role: StaffRole, area: StaffArea): boolean =>
  (STAFF_AREAS[area] as readonly StaffRole[]).includes(role);
