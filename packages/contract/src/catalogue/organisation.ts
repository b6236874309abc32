/** The operator (client) and its venues, as a catalogue file writes them. */
import { z } from 'zod';
import { theme } from '../theme.ts';
import { count, html, key, localTime, text, timeZone, WEEKDAYS } from './fields.ts';

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

export const catalogueClient = z
  .strictObject({
    key: key.meta({ description: 'The operator’s key (the client slug).' }),
    name: text('The operator’s name'),
    support_email: z.email('The support email must be an email address.'),
    time_zone: timeZone.default('Europe/London'),
    address: z.string().nullable().default(null).meta({ description: 'Postal address on receipts (lines).' }),
    phone: z.string().nullable().default(null).meta({ description: 'Telephone on receipts.' }),
    tag_manager_id: z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'A tag-manager id looks like GTM-ABC123.')
      .nullable()
      .default(null),
    kiosk_home_url: z.url('The kiosk home URL must be a full URL.').nullable().default(null),
    features: catalogueFeatures.prefault({}),
    theme: theme.meta({ description: 'Colours (#RRGGBB), fonts and logo of every site.' }),
    footer_html: html.default(''),
    cancellation: z
      .strictObject({
        online: z.boolean().default(true).meta({ description: 'Members may cancel memberships online.' }),
        refusal_message: z.string().nullable().default(null),
        notice_days: count('Notice days', 0).default(30),
      })
      .prefault({}),
    timetable_horizon_weeks: count('The timetable horizon in weeks', 1)
      .max(52, 'The timetable horizon is at most 52 weeks.')
      .default(8),
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
      line2: z.string().nullable().default(null),
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
    theme: theme.partial().default({}).meta({ description: 'Colours or fonts this venue changes.' }),
    footer_html: html.nullable().default(null),
  })
  .meta({ description: 'A venue (leisure centre, gym, pool).' });

export type CatalogueClient = z.output<typeof catalogueClient>;
export type CatalogueVenue = z.output<typeof catalogueVenue>;
