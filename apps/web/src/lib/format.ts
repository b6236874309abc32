import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

export const VENUE_TIME_ZONE = 'Europe/London';

const money = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
});

/** Pounds with two decimals from minor units (pence): 1250 → '£12.50'. */
export const formatMoney = (minorUnits: number): string => money.format(minorUnits / 100);

const inVenueZone = (instant: string | Date): TZDate =>
  new TZDate(new Date(instant).getTime(), VENUE_TIME_ZONE);

/** Date in Europe/London; default 'd MMM yyyy' (e.g. '3 Nov 2026'). */
export const formatDate = (instant: string | Date, pattern = 'd MMM yyyy'): string =>
  format(inVenueZone(instant), pattern);

/** Long date, e.g. 'Monday 23 November 2026'. */
export const formatLongDate = (instant: string | Date): string => formatDate(instant, 'EEEE d MMMM yyyy');

/** 24-hour time in Europe/London, e.g. '18:30'. */
export const formatTime = (instant: string | Date): string => formatDate(instant, 'HH:mm');

/** Spec display format 'D MMM YYYY at HH:mm'. */
export const formatDateTime = (instant: string | Date): string =>
  formatDate(instant, "d MMM yyyy 'at' HH:mm");
