/**
 * One line per operation for the OpenAPI document, keyed by method and OpenAPI path. Kept here rather than in each
 * route's schema so the routes stay short; `npm run lint:openapi` fails (operation-summary) when a route has none.
 */
export const OPERATION_SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Liveness (kept for existing monitors)',
  'GET /api/health/live': 'Liveness: the process answers',
  'GET /api/health/ready': 'Readiness: database and job engine answer',
  'GET /api/frontend/theme': "The client's theme (colours, fonts, logos)",
  'GET /api/client': "The client's settings for the web sites",
  'GET /api/activities/footer': 'The footer (sanitised HTML)',
  'GET /api/venues': 'Venues a page at a time: by name, or nearest a point within a radius',
  'GET /api/venue-pins': "Every venue's map pin (shared, with an ETag)",
  'GET /api/venues/{slug}': 'One venue',
  'GET /api/geocoding': 'Find a place or postcode',
  'GET /api/venues/{slug}/sessions': "A venue's timetable, the same for every caller (shared, with an ETag)",
  'GET /api/venues/{slug}/sessions/mine':
    "The member's own facts over a timetable range (bookings, basket, waitlist places)",
  'GET /api/sessions/{id}': "One activity session (with the caller's own facts when logged in)",
  'GET /api/terms': 'The current terms and conditions',
  'POST /api/memberships': 'Submit a membership purchase (adds it to the basket)',
  'GET /api/memberships/types': 'Membership types of a centre, with what each costs',
  'GET /api/memberships/types/{typeId}/payment-options/{optionId}': 'The costs of one payment option',
  'GET /api/v1/membership-promotions/validate/{code}/{paymentOptionId}': 'Check a promotion code',
  'GET /api/custom-questions/memberships/{id}': "A membership type's questions",
  'POST /api/custom-questions/memberships/{id}': 'Answer the questions of a membership type',
  'GET /api/data-fields': 'Which personal details joining asks for',
  'GET /api/direct-debit/provider': 'The direct debit provider and its settings',
  'POST /api/payments/sandbox/tokens': 'Sandbox payments: turn card details into a token',
  'POST /api/payments/sandbox/challenges/{id}': "Sandbox payments: decide a bank's further check",
  'POST /api/auth/customer/login': 'Log in (sets the session cookie)',
  'POST /api/auth/logout': 'Log out',
  'POST /api/auth/customer/register': 'Register an account',
  'POST /api/auth/customer/forgotten-password': 'Send a password reset link',
  'POST /api/auth/password-reset/validate': 'Check a password reset link',
  'POST /api/auth/password-reset': 'Set a new password with a reset link',
  'GET /api/auth/user': 'The logged-in customer',
  'GET /api/bookings': "The customer's bookings (future or past)",
  'GET /api/bookings/{bookingId}/calendar.ics': 'One booking as a calendar file (Add to calendar)',
  'GET /api/v1/activities/bookings': "The customer's bookings (activities API path)",
  'PATCH /api/v1/activities/bookings': 'Cancel several bookings (all or none)',
  'DELETE /api/activities/bookings/{bookingId}':
    'Cancel one booking (also served with a trailing slash, the spec’s form)',
  'GET /api/cart': 'The basket, priced',
  'DELETE /api/cart': 'Empty the basket',
  'POST /api/cart/add': 'Add items to the basket',
  'POST /api/cart/remove': 'Remove items from the basket',
  'PUT /api/cart/payments': 'Choose how the basket is paid (card, credit)',
  'PUT /api/cart/{cartItemId}': 'Change a basket line (quantity)',
  'DELETE /api/activities/benefit/remove/{id}': 'Stop using a membership benefit on a basket line',
  'DELETE /api/activities/package/remove/{id}': 'Stop using a package on a basket line',
  'POST /api/checkout/complete': 'Complete the checkout (pay and book)',
  'POST /api/pay': 'Complete the checkout (as /api/checkout/complete; the desk pays in the staff console)',
  'GET /api/orders': "The customer's orders, a page at a time",
  'GET /api/orders/{orderId}': 'One order',
  'GET /api/orders/{orderId}/calendar.ics': "An order's bookings as a calendar file",
  'GET /api/waitlist': "The customer's waiting list places",
  'POST /api/waitlist': 'Join a waiting list',
  'DELETE /api/waitlist/{waitlistId}': 'Leave a waiting list',
  'GET /api/my-account/saved-cards': 'Saved cards',
  'PUT /api/my-account/saved-cards/{id}/update': "Update a saved card's billing name and address",
  'DELETE /api/my-account/saved-cards/{id}/remove': 'Delete a saved card',
  'GET /api/user/penalties': 'Unpaid fees (penalties)',
  'GET /api/my-account/direct-debit': "The customer's direct debit mandates and their status",
  'POST /api/webhooks/gocardless': 'GoCardless webhook (signed; mandate and payment events)',
  'GET /api/credits/user': 'Credit balance',
  'GET /api/credits/user/credit-transactions': 'Credit transactions',
  'GET /api/my-account/orders/{uuid}/receipt': "An order's receipt (PDF)",
  'GET /api/my-account/orders/{uuid}/credit-notes/{id}':
    'A credit note of a refund on one of your orders (PDF)',
  'GET /api/staff/members/{id}/orders':
    "A customer's latest orders with what is left to refund on each line, and the refunds given",
  'POST /api/staff/orders/{id}/refunds':
    'Refund lines of an order to the card, account credit or cash, with a reason (once per idempotency key)',
  'GET /api/v1/users/{userId}/guestPasses': 'Guest passes',
  'POST /api/v1/users/{userId}/guestPasses': 'Give a guest pass',
  'GET /api/v1/users/{userId}/guestPasses/allowances': 'Guest pass allowances',
  'GET /api/v1/users/{userId}/guestPasses/{id}': 'One guest pass',
  'PUT /api/my-account/user/update': 'Update the profile',
  'PUT /api/my-account/user/password': 'Change the password',
  'GET /api/user/memberships': "The customer's memberships",
  'GET /api/my-account/user/memberships': "The customer's memberships (my-account path)",
  'GET /api/memberships/{id}/change': 'Options for changing a membership',
  'POST /api/memberships/{id}/change': 'Change a membership',
  'GET /api/memberships/{id}/change/{paymentOptionId}': 'The costs of changing to one payment option',
  'GET /api/memberships/{id}/renew': 'Options for renewing a membership',
  'POST /api/memberships/{id}/renew': 'Renew a membership',
  'GET /api/memberships/{id}/cancel': 'What cancelling a membership would mean',
  'POST /api/memberships/{id}/cancel': 'Cancel a membership',
  'GET /api/user/memberships/{id}/freezetypes': 'Ways a membership can be frozen',
  'GET /api/user/memberships/{id}/freeze/preview': 'What a freeze would cost and when',
  'POST /api/user/memberships/{id}/freeze': 'Freeze a membership',
  'POST /api/eligibility/document': 'Upload an eligibility document',
  'GET /api/eligibility/document/{id}/file': 'Download an uploaded eligibility document',
  'GET /api/promotions/user/packages': "The customer's packages",
  'POST /api/user/profile-photo': 'Upload a profile photo',
  'DELETE /api/user/profile-photo': 'Remove the profile photo',
  'PUT /api/user/profile-photo/reminder': 'Dismiss the profile photo reminder',
  'GET /api/user/profile-photo/{file}': 'The profile photo',
  'GET /api/my-account/user/waivers': 'Waivers and whether each is signed',
  'GET /api/my-account/user/waivers/{slug}': 'One waiver',
  'POST /api/my-account/user/waivers/{slug}/sign': 'Sign a waiver',
  'GET /api/dev/mail/messages': 'Demo mode: mail sent (with live links)',
  'POST /api/dev/members': 'Demo mode: a fresh member for a browser test',
  'POST /api/staff/auth/login':
    'Staff login (email, password, then the authenticator code when the account has one)',
  'POST /api/staff/auth/logout': 'Staff logout',
  'GET /api/staff/me': 'The logged-in staff member, role and venues',
  'PUT /api/staff/me/password': 'Change one’s own staff password (other sessions end)',
  'GET /api/staff/accounts': 'Staff accounts (administrators)',
  'POST /api/staff/accounts': 'Create a staff account (administrators)',
  'PUT /api/staff/accounts/{id}/status': 'Disable or enable a staff account (administrators)',
  'PUT /api/staff/accounts/{id}': 'Change a staff account’s role and venues (administrators; audited)',
  'POST /api/staff/accounts/{id}/password-reset':
    'Email a staff member a link to set a new password; their sessions end (administrators)',
  'POST /api/staff/accounts/{id}/totp':
    'Start setting up an authenticator app for a staff account: the secret and its QR link (administrators)',
  'PUT /api/staff/accounts/{id}/totp':
    'Turn the new authenticator app on with its first code (administrators)',
  'DELETE /api/staff/accounts/{id}/totp': 'Remove a staff account’s authenticator app (administrators)',
  'POST /api/staff/me/totp': 'Start setting up one’s own authenticator app: the secret and its QR link',
  'PUT /api/staff/me/totp': 'Turn one’s own new authenticator app on with its first code',
  'POST /api/staff/auth/password-link': 'Whose a mailed staff password link is, while it works',
  'POST /api/staff/auth/password-reset':
    'Set a staff password through a mailed link (once; every session ends)',
  'GET /api/staff/audit': 'The audit log, newest first (administrators)',
  'GET /api/staff/venues': 'Venues, for assigning staff (administrators)',
  'GET /api/staff/approvals':
    "Pending freeze requests and eligibility documents at the staff member's venues, oldest first, a page at a time",
  'GET /api/staff/approvals/{kind}/{id}/file': 'The uploaded file of a request (staff only)',
  'POST /api/staff/approvals/{kind}/{id}/decision': 'Approve, or reject with a reason, a request',
  'GET /api/staff/refunds/pending':
    'Card refunds the card provider has not made yet, with their attempts and last error',
  'POST /api/staff/sessions/{id}/cancel':
    'Cancel a session with a reason: bookings cancelled, money and allowances back, waitlist ended, members mailed',
  'GET /api/staff/sessions/range':
    "Preview a range cancel: a venue's sessions over a time range, their bookings and what they paid",
  'POST /api/staff/sessions/range/cancel':
    'Cancel every session of a range with a reason, each in its own transaction, a batch a request',
  'PATCH /api/staff/sessions/{id}':
    'Move or change a session (start, location, capacity); members booked are mailed',
  'GET /api/session-choices/{token}':
    "A member's keep-or-cancel link after their session moved: what it is about",
  'POST /api/session-choices/{token}':
    'Keep the place, or cancel the booking with a full refund (the link works once)',
  'GET /api/staff/members/{id}':
    "A customer's record for staff: details, flags and notes (their venue's staff)",
  'PUT /api/staff/members/{id}': "Correct a customer's details (audited with before and after)",
  'POST /api/staff/members/{id}/notes': 'Add a note to a customer’s record (kept with author and time)',
  'PUT /api/staff/members/{id}/flags/{flag}':
    "Set or clear a flag on a customer's record, e.g. 'Photo ID seen'",
  'POST /api/staff/members/{id}/invite': 'Email a customer without a password a link to set one',
  'GET /api/mail/unsubscribe/{token}':
    "A marketing mail's withdrawal link: the page with its Unsubscribe button",
  'POST /api/mail/unsubscribe/{token}':
    "Withdraw marketing consent by a mail's signed link, once (RFC 8058 one-click; no login)",
  'GET /api/my-account/data-export': 'Download all your data (JSON or a readable page)',
  'GET /api/my-account/data-export/files/{file}': 'One of your files named in your data download',
  'GET /api/staff/members/{id}/data-export': "A customer's data for a subject access request (audited)",
  'GET /api/staff/members/{id}/data-export/files/{file}': "One file named in a customer's data download",
  'POST /api/staff/members/{id}/erase':
    "Erase a customer's personal data (administrators; keeps orders and payments without the identity)",
  'POST /api/staff/members':
    "Make a walk-in customer at one of the staff member's venues (optionally invited)",
  'GET /api/staff/desk/customers/{id}/basket': "The desk: a customer's basket",
  'POST /api/staff/desk/customers/{id}/basket/add':
    "The desk: add to a customer's basket (e.g. book a session)",
  'POST /api/staff/desk/customers/{id}/basket/remove': "The desk: remove lines from a customer's basket",
  'PUT /api/staff/desk/customers/{id}/basket/payments':
    "The desk: cash, cheque or voucher against a customer's basket",
  'POST /api/staff/desk/customers/{id}/pay':
    "The desk: complete a customer's basket (offline tenders and card)",
  'GET /api/staff/desk/customers/{id}/sales':
    "The desk: memberships a customer may buy at one of the staff member's venues, priced for a start today",
  'POST /api/staff/desk/customers/{id}/memberships':
    "The desk: put a membership in a customer's basket by the online purchase's rules (mandate included)",
  'GET /api/staff/desk/customers':
    'Find a customer by name, email, customer number or postcode (any venue of the operator, at most 20)',
  'GET /api/staff/desk/customers/{id}':
    'A customer for the front desk: details, memberships, bookings, orders, credit, unpaid fees, waivers, guest passes, check-ins',
  'GET /api/staff/desk/customers/{id}/photo': "The customer's profile photo (staff only)",
  'POST /api/staff/desk/guest-passes/redeem': "Redeem a guest pass by its code at the staff member's venue",
  'GET /api/staff/desk/customers/{id}/check-in':
    "Whether a member may enter the staff member's venue now, and why not (writes nothing)",
  'POST /api/staff/desk/customers/{id}/check-in':
    "Check a member in at the staff member's venue (one the desk refuses only with an override reason)",
  'GET /api/staff/registers': "A venue's sessions of one day with their bookings counted (default: today)",
  'GET /api/staff/registers/{sessionId}':
    'The register of one session: who is booked and whether they attended',
  'PUT /api/staff/registers/{sessionId}/bookings/{bookingId}': 'Mark a booking attended or not',
  // Reports and finance (issue 37): administrators and finance every venue, centre managers their own.
  'GET /api/staff/reports/takings':
    'Takings of a period by day and tender, venue, product and activity, with refunds and direct-debit collections',
  'GET /api/staff/reports/takings.csv': 'The takings by day and tender as a CSV file',
  'GET /api/staff/reports/memberships':
    'Memberships by month: active, joined, cancelled, frozen, monthly recurring revenue and churn',
  'GET /api/staff/reports/memberships.csv': 'The memberships by month as a CSV file',
  'GET /api/staff/reports/today': "Today's takings, check-ins, sessions and new members (the console's home)",
  'GET /api/staff/reports/vat': 'The VAT summary of a period by treatment and rate, refunds netted',
  'GET /api/staff/reports/vat.csv': 'The VAT summary as a CSV file',
  'GET /api/staff/reports/attendance':
    'Sessions run, places sold, fill rate, attendance and check-ins of a period, grouped one way, a page at a time',
  'GET /api/staff/reports/attendance.csv': 'The attendance report, every row of one grouping, as a CSV file',
  'GET /api/staff/reports/cash-up':
    'Till sessions by venue and day: expected, counted, variance, adjustments',
  'GET /api/staff/reports/cash-up.csv': 'The cash-up report as a CSV file',
  // Cash-up at the desk (issue 37 item 3, decision 083).
  'GET /api/staff/tills': "A venue's tills, each with its open session if any",
  'POST /api/staff/tills': 'Add a till at a venue (administrators, centre managers)',
  'PATCH /api/staff/tills/{id}': 'Rename, archive or restore a till (administrators, centre managers)',
  'POST /api/staff/tills/{id}/sessions': 'Open a till session with its counted float',
  'GET /api/staff/till-sessions/{id}':
    'A till session with its expected figures, count, variance and adjustments',
  'POST /api/staff/till-sessions/{id}/close':
    'Close a till session with the counted cash, cheques and vouchers',
  'POST /api/staff/till-sessions/{id}/adjustments':
    'Correct a closed till session by an audited adjustment (administrators, centre managers)',
  'GET /api/staff/cash-up': "A venue's cash-up by day: till sessions, takings without a till, day closes",
  'POST /api/staff/cash-up/day-closes': "Close a venue's day once every till session of it is closed",
};
