// The scale operator's catalogue, generated in code: N venues, each with six activities, a weekly timetable of
// 6–10 classes a day (one an hour from 06:00, so none overlap) and a local membership type (monthly by direct
// debit, or annual), plus two national membership types. The format is the contract's (docs/catalogue-reference.md).
import { stringify } from 'yaml';

const TOWNS = [
  ['Leeds', 'LS', 53.8, -1.55],
  ['Manchester', 'M', 53.48, -2.24],
  ['Sheffield', 'S', 53.38, -1.47],
  ['Liverpool', 'L', 53.41, -2.98],
  ['Bristol', 'BS', 51.45, -2.59],
  ['Birmingham', 'B', 52.49, -1.89],
  ['Newcastle', 'NE', 54.98, -1.61],
  ['Nottingham', 'NG', 52.95, -1.15],
  ['Cardiff', 'CF', 51.48, -3.18],
  ['Glasgow', 'G', 55.86, -4.25],
  ['Edinburgh', 'EH', 55.95, -3.19],
  ['London', 'E', 51.53, -0.05],
  ['Norwich', 'NR', 52.63, 1.3],
  ['Exeter', 'EX', 50.72, -3.53],
  ['York', 'YO', 53.96, -1.08],
  ['Brighton', 'BN', 50.83, -0.14],
];
const KINDS = ['Leisure Centre', 'Pool and Fitness', 'Sports Village', 'Fitness Centre', 'Community Gym'];
const ACTIVITIES = [
  ['spin', 'Spin', 'Cycling', 'Studio 1', 650, 20, 45],
  ['yoga', 'Yoga', 'Mind & Body', 'Studio 2', 700, 18, 60],
  ['body-pump', 'Body Pump', 'Strength', 'Studio 1', 650, 25, 55],
  ['hiit', 'HIIT', 'Cardio', 'Studio 3', 600, 20, 30],
  ['aqua-fit', 'Aqua Fit', 'Aquatics', 'Main Pool', 550, 30, 45],
  ['lane-swimming', 'Lane Swimming', 'Aquatics', 'Main Pool', 450, 40, 60],
];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export const venueKey = (i) => `venue-${String(i + 1).padStart(3, '0')}`;

/** Classes a day at venue i on day d: 6 to 10, the same every run. */
const classesPerDay = (i, d) => 6 + ((i * 7 + d * 3) % 5);

/** The catalogue as an object in the contract's shape, and its YAML text. */
export function scaleCatalogue(venueCount) {
  const venues = [];
  const activities = [];
  const timetable = [];
  const local = [];
  for (let i = 0; i < venueCount; i++) {
    const [town, area, lat, lng] = TOWNS[i % TOWNS.length];
    const key = venueKey(i);
    const n = Math.floor(i / TOWNS.length) + 1;
    venues.push({
      key,
      name: `${town} ${KINDS[i % KINDS.length]} ${n}`,
      address: { line1: `${10 + (i % 90)} High Street`, line2: null, town, postcode: postcode(area, i) },
      location: { lat: lat + ((i * 37) % 100) / 1000, lng: lng + ((i * 53) % 100) / 1000 },
      time_zone: 'Europe/London',
      booking_window_days: 7,
    });
    for (const [slug, name, category, location, price, capacity, duration] of ACTIVITIES) {
      activities.push({
        key: `${key}-${slug}`,
        venue: key,
        name,
        description: `${name} at ${town}.`,
        category,
        location,
        price,
        capacity,
        duration_minutes: duration,
      });
    }
    const weekly = [];
    for (let d = 0; d < 7; d++) {
      const count = classesPerDay(i, d);
      for (let c = 0; c < count; c++) {
        const hour = 6 + Math.floor((c * 16) / count);
        const [slug] = ACTIVITIES[(c + d + i) % ACTIVITIES.length];
        const start = `${String(hour).padStart(2, '0')}:00`;
        weekly.push({
          key: `${DAYS[d].slice(0, 3)}-${slug}-${start.replace(':', '')}`,
          activity: `${key}-${slug}`,
          day: DAYS[d],
          start,
        });
      }
    }
    timetable.push({ venue: key, weekly });
    local.push({
      key: `${key}-local`,
      name: `${town} Local ${n}`,
      description_html: `<p>Gym, swim and classes at ${town} ${KINDS[i % KINDS.length]} ${n}.</p>`,
      category: 'Adult',
      venues: [key],
      provides_access_to: ['Gym', 'Swimming pool', 'Group exercise classes'],
      payment_options: [monthly(2499 + (i % 10) * 100), annual(24900 + (i % 10) * 1000)],
    });
  }
  const value = {
    format: 1,
    client: {
      key: 'scale-leisure',
      name: 'Scale Leisure',
      support_email: 'hello@scale.test',
      time_zone: 'Europe/London',
      features: { online_guest_passes: true, profile_photo: true },
      theme: {
        theme_app_primary_colour: '#0B5CAD',
        theme_app_secondary_colour1: '#00A19A',
        theme_app_secondary_colour2: '#F2B705',
        theme_app_body_font_style: 'lato',
        theme_app_heading_font_style: 'lato',
        theme_app_logo: '/api/static/fieldhouse-logo.svg',
        theme_app_secondary_button_style: 'outline',
        theme_app_header_bg_colour: '#0A2540',
        header_primary_colour: '#FFFFFF',
        toast_success_colour: '#1E7B34',
        toast_error_colour: '#B3261E',
        toast_info_colour: '#0B5CAD',
      },
      timetable_horizon_weeks: 8,
      attendance: { unmarked_unattended_after_hours: 2 },
    },
    venues,
    activities,
    timetable,
    membership_types: [
      {
        key: 'gym-and-swim',
        name: 'Gym & Swim',
        description_html: '<p>Unlimited gym, swimming and classes at every venue.</p>',
        category: 'Adult',
        venues: null,
        provides_access_to: ['Gym', 'Swimming pool', 'Group exercise classes'],
        payment_options: [monthly(3999), annual(39900)],
      },
      {
        key: 'swim-only',
        name: 'Swim Only',
        description_html: '<p>Unlimited public and lane swimming.</p>',
        category: 'Adult',
        venues: null,
        provides_access_to: ['Swimming pool'],
        payment_options: [monthly(2499)],
      },
      ...local,
    ],
    freeze_types: [{ key: 'holiday', reason: 'Holiday', months: [1], monthly_fee: 500, proof: null }],
  };
  return { value, text: `${stringify(value, { lineWidth: 0 })}` };
}

function monthly(fee) {
  return {
    key: 'monthly',
    name: 'Monthly',
    type: 'recurring',
    base_fee: fee,
    joining_fee: 1000,
    month_in_hand: false,
    duration: null,
  };
}

function annual(fee) {
  return {
    key: 'annual',
    name: 'Annual',
    type: 'fixed',
    base_fee: fee,
    joining_fee: 0,
    month_in_hand: false,
    duration: { count: 12, period: 'month' },
  };
}

function postcode(area, i) {
  const district = 1 + (i % 20);
  return `${area}${district} ${i % 10}${LETTERS[i % LETTERS.length]}${LETTERS[(i * 7) % LETTERS.length]}`;
}
