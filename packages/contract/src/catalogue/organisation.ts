/** The operator (client) and its venues, as a catalogue file writes them. */
import { z } from 'zod';
import { theme } from '../theme.ts';
import { vatNumber, vatTreatment } from '../vat.ts';
import { count, html, key, line, lines, localTime, text, timeZone, WEEKDAYS, webAddress } from './fields.ts';

export const catalogueFeatures = z
  .strictObject({
    online_joining: z
      .boolean()
      .default(true)
      .meta({ description: 'Members can join online (the join site).' }),
    online_joining_map: z
      .boolean()
      .default(true)
      .meta({ description: 'The join site shows centres on a map.' }),
    online_guest_passes: z.boolean().default(false).meta({ description: 'Members can send guest passes.' }),
    credits: z.boolean().default(true).meta({ description: 'Booking credit is offered and shown.' }),
    activities_v2: z.boolean().default(true).meta({ description: 'The newer activity listing.' }),
    profile_photo: z.boolean().default(false).meta({ description: 'Members can upload a profile photo.' }),
  })
  .meta({ description: 'Feature flags.' });

/** The theme as a catalogue writes it: the logo is an https:// address or a path on this site (issue 41). */
const catalogueTheme = theme.extend({
  theme_app_logo: webAddress('The logo', { path: true }).meta({
    description:
      'The logo image: an https:// address, or a path on this site starting with / (http:// only for localhost).',
  }),
});

export const catalogueClient = z
  .strictObject({
    key: key.meta({ description: 'The operator’s key (the client slug).' }),
    name: text('The operator’s name'),
    support_email: z.email('The support email must be an email address.'),
    time_zone: timeZone.default('Europe/London'),
    address: lines('The address')
      .nullable()
      .default(null)
      .meta({ description: 'Postal address on receipts (lines).' }),
    phone: line('The phone number').nullable().default(null).meta({ description: 'Telephone on receipts.' }),
    tag_manager_id: z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'A tag-manager id looks like GTM-ABC123.')
      .nullable()
      .default(null),
    kiosk_home_url: webAddress('The kiosk home URL').nullable().default(null).meta({
      description:
        'Where the kiosk’s home link goes: a full https:// address (http:// only for localhost); null for the join site’s kiosk page.',
    }),
    features: catalogueFeatures.prefault({}),
    theme: catalogueTheme.meta({ description: 'Colours (#RRGGBB), fonts and logo of every site.' }),
    footer_html: html.default(''),
    cancellation: z
      .strictObject({
        online: z.boolean().default(true).meta({ description: 'Members may cancel memberships online.' }),
        refusal_message: lines('The refusal message').nullable().default(null),
        notice_days: count('Notice days', 0).default(30),
      })
      .prefault({}),
    timetable_horizon_weeks: count('The timetable horizon in weeks', 1)
      .max(52, 'The timetable horizon is at most 52 weeks.')
      .default(8),
    session_move_choice_minutes: count('Minutes a session may move before members may cancel', 0)
      .max(1440, 'A move of at most 1440 minutes (a day) can be the threshold.')
      .default(30)
      .meta({
        description:
          'When staff move a booked session by more than this many minutes (or to another day), each member booked may keep the place or cancel with a full refund from their mail.',
      }),
    attendance: z
      .strictObject({
        unmarked_unattended_after_hours: count(
          'Hours after a session before unmarked bookings count as unattended',
          0,
        )
          .max(168, 'Unmarked bookings become unattended within 168 hours (a week) at most.')
          .nullable()
          .default(2)
          .meta({
            description:
              'Hours after a session ends when bookings nobody marked in the register become Unattended; null leaves them unmarked.',
          }),
      })
      .prefault({}),
    direct_debit: z
      .strictObject({
        failed_collection_fee: count('The failed collection fee in pence', 0)
          .max(10_000, 'The failed collection fee is at most 10000 pence (£100).')
          .default(0)
          .meta({
            description:
              'Fee in pence raised when a direct-debit collection fails (the member is mailed and sees it under unpaid fees); 0 mails a notice only.',
          }),
      })
      .prefault({}),
    check_in: z
      .strictObject({
        block_on_unpaid_fees: z.boolean().default(false).meta({
          description:
            'The front desk refuses entry to a member with unpaid fees (staff may still let them in, giving a reason).',
        }),
      })
      .prefault({}),
    vat: z
      .strictObject({
        registration_number: vatNumber.nullable().default(null).meta({
          description:
            'The operator’s VAT registration number, printed on receipts and credit notes: GB and 9 or 12 digits; null when not registered.',
        }),
        fees: vatTreatment.default('standard').meta({
          description:
            'VAT on fees members pay (late cancellation, no-show, failed collection): standard, reduced, zero or exempt.',
        }),
      })
      .prefault({}),
  })
  .meta({ description: 'The operator: name, contact, theme, footer, feature flags.' });

const hours = z.strictObject({ opens: localTime, closes: localTime }).refine((h) => h.opens < h.closes, {
  error: 'A venue closes after it opens on the same day.',
});

export const openingHours = z.partialRecord(z.enum(WEEKDAYS), z.array(hours)).meta({
  description: 'Opening hours per day; a day left out is closed. Omit the whole map to state none.',
});

export const catalogueVenue = z
  .strictObject({
    key: key.meta({ description: 'The venue’s key (its slug in addresses: /venues/{key}).' }),
    name: text('The venue’s name'),
    address: z.strictObject({
      line1: text('Address line 1'),
      line2: line('Address line 2').nullable().default(null),
      town: text('The town'),
      postcode: z
        .string()
        .regex(/^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i, 'That is not a UK postcode (like LS1 5HD).'),
    }),
    location: z.strictObject({
      lat: z
        .number()
        .min(49, 'Latitude is for the UK: 49 to 61.')
        .max(61, 'Latitude is for the UK: 49 to 61.'),
      lng: z
        .number()
        .min(-9, 'Longitude is for the UK: -9 to 2.')
        .max(2, 'Longitude is for the UK: -9 to 2.'),
    }),
    time_zone: timeZone.default('Europe/London'),
    opening_hours: openingHours.optional(),
    booking_window_days: count('The booking window in days', 1).default(7),
    show_ineligible_memberships: z.boolean().default(false),
    show_venue_selection_button: z.boolean().default(true),
    activities_v2: z.boolean().default(true),
    theme: catalogueTheme.partial().default({}).meta({ description: 'Colours or fonts this venue changes.' }),
    footer_html: html.nullable().default(null),
  })
  .meta({ description: 'A venue (leisure centre, gym, pool).' });

export type CatalogueClient = z.output<typeof catalogueClient>;
export type CatalogueVenue = z.output<typeof catalogueVenue>;
