/**
 * Demo data: real UK leisure centres (addresses, postcodes and WGS84 coordinates), the theme and the demo members.
 * The programme is in seed-data-programme.ts, the memberships in seed-data-memberships.ts.
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

export type VenueSeed = {
  slug: string;
  name: string;
  address1: string;
  address2: string | null;
  town: string;
  postcode: string;
  lat: number;
  lng: number;
  hasPool: boolean;
};

export const DEMO_VENUES: VenueSeed[] = [
  {
    slug: 'manchester-aquatics-centre',
    name: 'Manchester Aquatics Centre',
    address1: '2 Booth Street East',
    address2: null,
    town: 'Manchester',
    postcode: 'M13 9SS',
    lat: 53.46672,
    lng: -2.23233,
    hasPool: true,
  },
  {
    slug: 'john-charles-centre-for-sport',
    name: 'John Charles Centre for Sport',
    address1: 'Middleton Grove',
    address2: 'Beeston',
    town: 'Leeds',
    postcode: 'LS11 5DJ',
    lat: 53.77453,
    lng: -1.55684,
    hasPool: true,
  },
  {
    slug: 'ponds-forge',
    name: 'Ponds Forge International Sports Centre',
    address1: 'Sheaf Street',
    address2: null,
    town: 'Sheffield',
    postcode: 'S1 2BP',
    lat: 53.37989,
    lng: -1.46246,
    hasPool: true,
  },
  {
    slug: 'liverpool-aquatics-centre',
    name: 'Liverpool Aquatics Centre',
    address1: 'Wellington Road',
    address2: 'Wavertree',
    town: 'Liverpool',
    postcode: 'L15 4LE',
    lat: 53.39611,
    lng: -2.92389,
    hasPool: true,
  },
  {
    slug: 'easton-leisure-centre',
    name: 'Easton Leisure Centre',
    address1: 'Thrissell Street',
    address2: 'Easton',
    town: 'Bristol',
    postcode: 'BS5 0SW',
    lat: 51.46247,
    lng: -2.57238,
    hasPool: true,
  },
  {
    slug: 'harborne-pool-and-fitness',
    name: 'Harborne Pool and Fitness Centre',
    address1: 'Lordswood Road',
    address2: 'Harborne',
    town: 'Birmingham',
    postcode: 'B17 9QS',
    lat: 52.46299,
    lng: -1.95817,
    hasPool: true,
  },
  {
    slug: 'harvey-hadden-sports-village',
    name: 'Harvey Hadden Sports Village',
    address1: 'Wigman Road',
    address2: 'Bilborough',
    town: 'Nottingham',
    postcode: 'NG8 4PB',
    lat: 52.96177,
    lng: -1.22703,
    hasPool: true,
  },
  {
    slug: 'newcastle-city-baths',
    name: 'Newcastle City Baths',
    address1: 'Northumberland Road',
    address2: null,
    town: 'Newcastle upon Tyne',
    postcode: 'NE1 8SE',
    lat: 54.97713,
    lng: -1.60996,
    hasPool: true,
  },
  {
    slug: 'energise-leisure-centre',
    name: 'Energise Leisure Centre',
    address1: 'Cornlands Road',
    address2: 'Acomb',
    town: 'York',
    postcode: 'YO24 3DX',
    lat: 53.94731,
    lng: -1.13128,
    hasPool: true,
  },
  {
    slug: 'cardiff-international-pool',
    name: 'Cardiff International Pool',
    address1: 'Olympian Drive',
    address2: 'Cardiff Bay',
    town: 'Cardiff',
    postcode: 'CF11 0JS',
    lat: 51.45704,
    lng: -3.18727,
    hasPool: true,
  },
  {
    slug: 'royal-commonwealth-pool',
    name: 'Royal Commonwealth Pool',
    address1: '21 Dalkeith Road',
    address2: null,
    town: 'Edinburgh',
    postcode: 'EH16 5BB',
    lat: 55.93877,
    lng: -3.17243,
    hasPool: true,
  },
  {
    slug: 'tollcross-international-swimming-centre',
    name: 'Tollcross International Swimming Centre',
    address1: '350 Wellshot Road',
    address2: 'Tollcross',
    town: 'Glasgow',
    postcode: 'G32 7QP',
    lat: 55.84499,
    lng: -4.17487,
    hasPool: true,
  },
  {
    slug: 'london-aquatics-centre',
    name: 'London Aquatics Centre',
    address1: 'Queen Elizabeth Olympic Park',
    address2: null,
    town: 'London',
    postcode: 'E20 2ZQ',
    lat: 51.54037,
    lng: -0.01069,
    hasPool: true,
  },
  {
    slug: 'ironmonger-row-baths',
    name: 'Ironmonger Row Baths',
    address1: '1-11 Ironmonger Row',
    address2: 'Islington',
    town: 'London',
    postcode: 'EC1V 3QF',
    lat: 51.52625,
    lng: -0.09617,
    hasPool: true,
  },
];

/** The venue that shows a per-venue theme override (and its own footer). */
export const OVERRIDE_VENUE_SLUG = 'royal-commonwealth-pool';
export const OVERRIDE_THEME = {
  theme_app_primary_colour: '#6A1B9A',
  theme_app_secondary_colour1: '#00838F',
  theme_app_header_bg_colour: '#2E1045',
};
export const OVERRIDE_FOOTER_HTML = `<h3>Royal Commonwealth Pool</h3>
<p>21 Dalkeith Road, Edinburgh EH16 5BB. Pool open daily from 06:30.</p>
<p><a href="tel:+441314960000">0131 496 0000</a> · <a href="mailto:commie@fieldhouse.test">commie@fieldhouse.test</a></p>`;

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

export const DEMO_CHECKOUT_TERMS = {
  title: 'Booking terms and conditions',
  html: `<h3>Booking terms and conditions</h3>
<p>These terms apply to every activity you book with Fieldhouse Leisure, online, at a kiosk or at reception.</p>
<ol>
<li><strong>Your place.</strong> A booking is confirmed once payment (by card, credit or an included membership benefit) has been taken and you have received a confirmation email. Places are limited and are not held in your basket.</li>
<li><strong>Arriving.</strong> Please arrive at least 10 minutes before the start. Late arrivals may be refused entry for safety reasons, and the booking counts as used.</li>
<li><strong>Cancelling.</strong> You can cancel in your account up to the cut-off shown on the booking (usually 2 hours before the start; court hire 24 hours; swimming lessons 48 hours). Where the activity allows it, the value of the booking is returned as booking credit, valid for 12 months. Benefit uses and class pass sessions are returned.</li>
<li><strong>Non-attendance.</strong> If you do not attend and have not cancelled, a late cancellation fee may be charged to your account.</li>
<li><strong>Health and safety.</strong> Some activities need a signed waiver before you take part. Tell the instructor about any injury or medical condition before the session starts.</li>
<li><strong>Changes.</strong> We may occasionally need to change an instructor or cancel a session; if we cancel, we will refund you in full.</li>
</ol>
<p>Read our full <a href="https://fieldhouse.test/terms" target="_blank">terms and conditions</a> and <a href="https://fieldhouse.test/privacy" target="_blank">privacy policy</a>.</p>`,
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

/** Printed on receipts. */
export const DEMO_CLIENT_CONTACT = {
  address: '1 Wellington Place\nLeeds\nLS1 4AP',
  phone: '0113 496 0000',
};

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
