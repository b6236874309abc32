/**
 * Demo data besides the demo operator's catalogue (catalogue/demo.yaml: venues, activities, memberships, terms,
 * waivers): the default theme and footer the factories give test clients, and the demo's members and their history.
 */

export const DEMO_THEME = {
  theme_app_primary_colour: '#0B5CAD',
  theme_app_secondary_colour1: '#00A19A',
  theme_app_secondary_colour2: '#F2B705',
  theme_app_body_font_style: 'lato',
  theme_app_heading_font_style: 'garage_gothic',
  theme_app_logo: '/api/static/fieldhouse-logo.svg',
  theme_app_secondary_button_style: 'outline',
  theme_app_header_bg_colour: '#0A2540',
  header_primary_colour: '#FFFFFF',
  toast_success_colour: '#1E7B34',
  toast_error_colour: '#B3261E',
  toast_info_colour: '#0B5CAD',
};

export const DEMO_FOOTER_HTML = `<h3>Fieldhouse Leisure</h3>
<p>Opening hours: Monday to Friday 06:30–22:00, Saturday and Sunday 08:00–18:00. Bank holidays 09:00–16:00.</p>
<p>Call us on <a href="tel:+441134960000">0113 496 0000</a> or email <a href="mailto:hello@fieldhouse.test">hello@fieldhouse.test</a>.</p>
<ul><li><a href="https://fieldhouse.test/terms">Terms and conditions</a></li><li><a href="https://fieldhouse.test/privacy">Privacy policy</a></li></ul>`;

/** The demo customer's class pass: shown as packageApplied on Yoga and Pilates. */
export const DEMO_PACKAGE = {
  name: '10 Yoga Class Pass',
  description: 'Ten Mind & Body classes (Yoga or Pilates) at any Fieldhouse venue.',
  area: 'Classes',
  activityCategory: 'Mind & Body',
  sessionsIncluded: 10,
  sessionsRemaining: 6,
  price: 5500,
};

/** Other members who fill the demo's full session and wait on its waitlist (they share DEMO_PASSWORD). */
export const DEMO_EXTRA_CUSTOMERS = [
  { reference: 'FH100004', firstName: 'Priya', lastName: 'Shah', email: 'priya.shah@fieldhouse.test' },
  { reference: 'FH100005', firstName: 'Tom', lastName: 'Hughes', email: 'tom.hughes@fieldhouse.test' },
  { reference: 'FH100006', firstName: 'Aisha', lastName: 'Okoro', email: 'aisha.okoro@fieldhouse.test' },
  { reference: 'FH100007', firstName: 'Ben', lastName: 'Clarke', email: 'ben.clarke@fieldhouse.test' },
  { reference: 'FH100008', firstName: 'Chloe', lastName: 'Evans', email: 'chloe.evans@fieldhouse.test' },
  // FH100009 and FH100010 are Dana Fox and Eli Grant (seed-management.ts).
  { reference: 'FH100011', firstName: 'Dan', lastName: 'Wright', email: 'dan.wright@fieldhouse.test' },
];

/** A member with a long order history (the order history's pages), password DEMO_PASSWORD. */
export const DEMO_LONG_HISTORY_CUSTOMER = {
  reference: 'FH100012',
  firstName: 'Olivia',
  lastName: 'Bennett',
  email: 'olivia.bennett@fieldhouse.test',
};
/** Her orders: one every 3.5 days for about five months, newest 3.5 days ago. */
export const DEMO_LONG_HISTORY_ORDERS = 45;

/** At the demo customer's home venue: full in two days (waitlist demo), and one place left in three days. */
export const DEMO_FULL_SESSION = { name: 'Badminton Court', time: '19:00', dayOffset: 2 };
export const DEMO_NEARLY_FULL_SESSION = { name: 'Badminton Court', time: '20:00', dayOffset: 3 };

/** The demo customer's guest-pass package: 3 of 5 left, at three venues (2 were sent recently). */
export const DEMO_GUEST_PASS_PACKAGE = {
  kind: 'guest_pass' as const,
  name: '5 Guest Pass Bundle',
  description: 'Five guest passes for friends and family at John Charles, Ponds Forge and Harvey Hadden.',
  area: 'Guest passes',
  activityCategory: 'Guest pass',
  sessionsIncluded: 5,
  sessionsRemaining: 3,
  price: 2500,
  venueSlugs: ['john-charles-centre-for-sport', 'ponds-forge', 'harvey-hadden-sports-village'],
};

/** Friends the demo customer has sent guest passes to (newest first). */
export const DEMO_GUESTS = [
  'Jamie Patel',
  'Sophie Turner',
  'Marcus Reid',
  'Hannah Lewis',
  'Oliver Grant',
  'Zara Ahmed',
  'Ethan Brooks',
  'Grace Kelly',
  'Liam Foster',
  'Mia Robinson',
  'Noah Walsh',
  'Ella Murphy',
  'Ryan Cooper',
  'Isla Bennett',
];

/** The demo customer's second unpaid fee (the first is the £5.00 'Late cancellation fee'). */
export const DEMO_NO_SHOW_FEE = { type: 'no_show', description: 'No-show fee', amount: 300 };
