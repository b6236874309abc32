import { accountPaymentCalls, creditCalls } from './account-payments.ts';
import { accountCalls } from './account-profile.ts';
import { authCalls } from './auth.ts';
import { bookingCalls } from './bookings.ts';
import type { CallSchemas, Calls, Route } from './call.ts';
import { cartCalls } from './cart.ts';
import { cashUpCalls } from './cash-up.ts';
import { checkoutCalls, orderCalls } from './checkout.ts';
import { clientCalls } from './client.ts';
import { geocodingCalls } from './geocoding.ts';
import { guestPassCalls } from './guest-passes.ts';
import { joiningCalls } from './joining.ts';
import { memberDataCalls } from './member-data.ts';
import { memberErasureCalls } from './member-erasure.ts';
import { membershipManagementCalls } from './membership-management.ts';
import { membershipPurchaseCalls } from './membership-purchase.ts';
import { paymentCalls } from './payments.ts';
import { programmeChangeCalls } from './programme-changes.ts';
import { refundCalls } from './refunds.ts';
import { reportCalls } from './reports.ts';
import { reportsAttendanceCalls } from './reports-attendance.ts';
import { reportVatCalls } from './reports-vat.ts';
import { accountRoutes } from './routes/account.ts';
import { accountPaymentRoutes } from './routes/account-payments.ts';
import { authRoutes } from './routes/auth.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { cartRoutes } from './routes/cart.ts';
import { cashUpRoutes } from './routes/cash-up.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { clientRoutes } from './routes/client.ts';
import { creditRoutes } from './routes/credits.ts';
import { geocodingRoutes } from './routes/geocoding.ts';
import { guestPassRoutes } from './routes/guest-passes.ts';
import { joiningRoutes } from './routes/joining.ts';
import { memberDataRoutes } from './routes/member-data.ts';
import { memberErasureRoutes } from './routes/member-erasure.ts';
import { membershipManagementRoutes } from './routes/membership-management.ts';
import { membershipPurchaseRoutes } from './routes/membership-purchase.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentRoutes } from './routes/payments.ts';
import { programmeChangeRoutes } from './routes/programme-changes.ts';
import { refundRoutes } from './routes/refunds.ts';
import { reportsAttendanceRoutes } from './routes/reports-attendance.ts';
import { reportVatRoutes } from './routes/reports-vat.ts';
import { staffRoutes } from './routes/staff.ts';
import { staffDeskRoutes } from './routes/staff-desk.ts';
import { staffDeskBasketRoutes } from './routes/staff-desk-basket.ts';
import { staffMemberRoutes } from './routes/staff-members.ts';
import { staffProgrammeRoutes } from './routes/staff-programme.ts';
import { staffReportRoutes } from './routes/staff-reports.ts';
import { themeRoutes } from './routes/theme.ts';
import { timetableRoutes } from './routes/timetable.ts';
import { venueRoutes } from './routes/venues.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { staffCalls } from './staff.ts';
import { staffDeskCalls } from './staff-desk.ts';
import { staffDeskBasketCalls } from './staff-desk-basket.ts';
import { staffMemberCalls } from './staff-members.ts';
import { staffProgrammeCalls } from './staff-programme.ts';
import { themeCalls } from './theme.ts';
import { timetableCalls } from './timetable.ts';
import { venueCalls } from './venues.ts';
import { waitlistCalls } from './waitlist.ts';

/**
 * Every domain in the typed map of calls so far (decision 043), for the server: each domain's route table beside
 * its schemas. Calls not yet in the map are registered by their route files as before. A unit test checks that the
 * tables and the schemas agree.
 */
export const DOMAINS = {
  bookings: { routes: bookingRoutes, calls: bookingCalls },
  waitlist: { routes: waitlistRoutes, calls: waitlistCalls },
  account: { routes: accountRoutes, calls: accountCalls },
  accountPayments: { routes: accountPaymentRoutes, calls: accountPaymentCalls },
  membershipManagement: { routes: membershipManagementRoutes, calls: membershipManagementCalls },
  venues: { routes: venueRoutes, calls: venueCalls },
  timetable: { routes: timetableRoutes, calls: timetableCalls },
  geocoding: { routes: geocodingRoutes, calls: geocodingCalls },
  client: { routes: clientRoutes, calls: clientCalls },
  theme: { routes: themeRoutes, calls: themeCalls },
  checkout: { routes: checkoutRoutes, calls: checkoutCalls },
  joining: { routes: joiningRoutes, calls: joiningCalls },
  credits: { routes: creditRoutes, calls: creditCalls },
  orders: { routes: orderRoutes, calls: orderCalls },
  guestPasses: { routes: guestPassRoutes, calls: guestPassCalls },
  cart: { routes: cartRoutes, calls: cartCalls },
  auth: { routes: authRoutes, calls: authCalls },
  membershipPurchase: { routes: membershipPurchaseRoutes, calls: membershipPurchaseCalls },
  payments: { routes: paymentRoutes, calls: paymentCalls },
  staff: { routes: staffRoutes, calls: staffCalls },
  staffDesk: { routes: staffDeskRoutes, calls: staffDeskCalls },
  staffDeskBasket: { routes: staffDeskBasketRoutes, calls: staffDeskBasketCalls },
  staffProgramme: { routes: staffProgrammeRoutes, calls: staffProgrammeCalls },
  staffMembers: { routes: staffMemberRoutes, calls: staffMemberCalls },
  memberErasure: { routes: memberErasureRoutes, calls: memberErasureCalls },
  memberData: { routes: memberDataRoutes, calls: memberDataCalls },
  refunds: { routes: refundRoutes, calls: refundCalls },
  programmeChanges: { routes: programmeChangeRoutes, calls: programmeChangeCalls },
  staffReports: { routes: staffReportRoutes, calls: reportCalls },
  cashUp: { routes: cashUpRoutes, calls: cashUpCalls },
  reportVat: { routes: reportVatRoutes, calls: reportVatCalls },
  reportsAttendance: { routes: reportsAttendanceRoutes, calls: reportsAttendanceCalls },
} as const satisfies Record<string, { routes: Record<string, Route>; calls: Calls }>;

/** Each declared route with its name and schemas. */
export const DECLARED = new Map<Route, { name: string; schemas: CallSchemas }>(
  Object.values(DOMAINS).flatMap(({ routes, calls }) =>
    Object.entries(routes).map(([name, route]) => [
      route as Route,
      { name, schemas: (calls as Calls)[name] as CallSchemas },
    ]),
  ),
);
