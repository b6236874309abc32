import { calendarDateParts, short } from '../../../../lib/format';

/** 'Mon 2 Nov' for a report's day (a calendar date: no time zone moves it). */
export function dayLabel(isoDate: string): string {
  const p = calendarDateParts(isoDate);
  return `${short(p.weekday)} ${p.day} ${short(p.month)}`;
}

/** '1 Nov 2026' */
export function dateLabel(isoDate: string): string {
  const p = calendarDateParts(isoDate);
  return `${p.day} ${short(p.month)} ${p.year}`;
}

/** '1 Nov 2026 – 30 Nov 2026' (en dash), or the one day. */
export const periodLabel = (from: string, to: string): string =>
  from === to ? dateLabel(from) : `${dateLabel(from)} – ${dateLabel(to)}`;

/** Whole pounds for a chart's axis: '£1,200'. */
export function poundsAxis(pence: number): string {
  const pounds = Math.round(pence / 100);
  return `${pounds < 0 ? '-' : ''}£${String(Math.abs(pounds)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Oct 2026' for '2026-10'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? ''} ${year}`;
}

/** '16.7%' for 1/6; a dash when there is no rate (no one to churn). */
export const percentLabel = (fraction: number | null): string =>
  fraction === null ? '–' : `${(fraction * 100).toFixed(1)}%`;
