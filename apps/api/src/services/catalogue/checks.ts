/**
 * The catalogue's cross-references and timetable rules, checked after its shape: unknown keys, duplicate keys,
 * sessions outside the venue's opening hours, sessions that overlap in one location. Every problem at once.
 */
import { type Catalogue, type Weekday, weekdayOf } from '@fieldhouse/contract/catalogue/index';
import { isoWeekday, toLocalDate } from '../../lib/local-date.ts';
import type { CataloguePath, CatalogueProblem, CatalogueSource } from './source.ts';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const dayName = (d: Weekday) => `${d[0]!.toUpperCase()}${d.slice(1)}`;

/**
 * `invalid` holds entries that failed their shape (kept as written): their keys count, their fields are not read.
 */
export function checkCatalogue(
  c: Catalogue,
  source: CatalogueSource,
  invalid: WeakSet<object> = new WeakSet(),
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const bad = (entry: object) => invalid.has(entry);
  const report = (path: CataloguePath, message: string) => problems.push(source.problem(path, message));

  /** Reports keys used twice in one list; returns the keys. */
  const unique = <T extends { key: string }>(items: T[], path: CataloguePath, what: string) => {
    const seen = new Map<string, number>();
    items.forEach((item, i) => {
      if (typeof item.key !== 'string') return;
      const first = seen.get(item.key);
      if (first !== undefined) {
        report(
          [...path, i, 'key'],
          `The ${what} key '${item.key}' is already used by ${formatIndex(path, first)}.`,
        );
      } else seen.set(item.key, i);
    });
    return seen;
  };
  const known = (
    keys: Map<string, number> | Set<string>,
    value: string,
    path: CataloguePath,
    what: string,
  ) => {
    if (!keys.has(value)) report(path, `There is no ${what} with the key '${value}'.`);
  };

  const venues = unique(c.venues, ['venues'], 'venue');
  const waivers = unique(c.waivers, ['waivers'], 'waiver');
  const activities = unique(c.activities, ['activities'], 'activity');
  const criteria = unique(c.eligibility, ['eligibility'], 'eligibility criterion');
  const types = unique(c.membership_types, ['membership_types'], 'membership type');
  unique(c.freeze_types, ['freeze_types'], 'freeze type');
  unique(c.promotions, ['promotions'], 'promotion');
  unique(c.terms, ['terms'], 'terms');

  c.activities.forEach((a, i) => {
    if (bad(a)) return;
    known(venues, a.venue, ['activities', i, 'venue'], 'venue');
    if (a.waiver) known(waivers, a.waiver, ['activities', i, 'waiver'], 'waiver');
  });

  for (const [i, e] of c.eligibility.entries())
    if (!bad(e)) unique(e.documents, ['eligibility', i, 'documents'], 'document');
  c.membership_types.forEach((t, i) => {
    if (bad(t)) return;
    const at = ['membership_types', i];
    for (const [j, v] of (t.venues ?? []).entries()) known(venues, v, [...at, 'venues', j], 'venue');
    if (t.eligibility?.criterion)
      known(criteria, t.eligibility.criterion, [...at, 'eligibility', 'criterion'], 'eligibility criterion');
    unique(t.payment_options, [...at, 'payment_options'], 'payment option');
    unique(t.benefits, [...at, 'benefits'], 'benefit');
    unique(t.questions, [...at, 'questions'], 'question');
    t.questions.forEach((q, j) => {
      if ((q.type === 'select' || q.type === 'multi_select') && q.options.length === 0) {
        report([...at, 'questions', j, 'options'], `A ${q.type} question needs options to choose from.`);
      }
    });
  });
  c.freeze_types.forEach((f, i) => {
    if (bad(f) || !f.proof) return;
    const criterion = c.eligibility.find((e) => e.key === f.proof!.criterion);
    if (criterion && bad(criterion)) return;
    if (!criterion)
      report(
        ['freeze_types', i, 'proof', 'criterion'],
        `There is no eligibility criterion with the key '${f.proof.criterion}'.`,
      );
    else if (!criterion.documents.some((d) => d.key === f.proof!.document)) {
      report(
        ['freeze_types', i, 'proof', 'document'],
        `The criterion '${criterion.key}' has no document with the key '${f.proof.document}'.`,
      );
    }
  });
  c.promotions.forEach((p, i) => {
    if (bad(p)) return;
    if (p.payment_option) {
      const type = c.membership_types.find((t) => t.key === p.payment_option!.membership_type);
      if (type && bad(type)) return;
      if (!type)
        known(
          types,
          p.payment_option.membership_type,
          ['promotions', i, 'payment_option', 'membership_type'],
          'membership type',
        );
      else if (!type.payment_options.some((o) => o.key === p.payment_option!.option)) {
        report(
          ['promotions', i, 'payment_option', 'option'],
          `The membership type '${type.key}' has no payment option with the key '${p.payment_option.option}'.`,
        );
      }
    }
    if (p.valid_from && p.valid_until && p.valid_until < p.valid_from) {
      report(['promotions', i, 'valid_until'], 'The promotion ends before it starts.');
    }
  });
  if (c.terms.filter((t) => !bad(t) && t.kind === 'checkout').length > 1) {
    report(['terms'], 'There can be only one set of checkout terms.');
  }
  c.waivers.forEach((w, i) => {
    if (bad(w)) return;
    w.versions.forEach((v, j) => {
      if (v.version !== j + 1)
        report(
          ['waivers', i, 'versions', j, 'version'],
          `Versions are numbered 1, 2, 3… in order: this one should be ${j + 1}.`,
        );
    });
  });

  checkTimetables(c, report, venues, activities, bad);
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

function formatIndex(path: CataloguePath, index: number) {
  return `entry ${index + 1} of ${String(path.at(-1))}`;
}

function checkTimetables(
  c: Catalogue,
  report: (path: CataloguePath, message: string) => void,
  venues: Map<string, number>,
  activities: Map<string, number>,
  bad: (entry: object) => boolean,
) {
  const seenVenues = new Set<string>();
  for (const [i, t] of c.timetable.entries()) {
    const at = ['timetable', i];
    if (!venues.has(t.venue)) {
      report([...at, 'venue'], `There is no venue with the key '${t.venue}'.`);
      continue;
    }
    if (seenVenues.has(t.venue))
      report([...at, 'venue'], `The venue '${t.venue}' already has a timetable above; keep one per venue.`);
    seenVenues.add(t.venue);
    const found = c.venues[venues.get(t.venue)!]!;
    const venue = bad(found) ? null : found;
    const activityAt = (key: string, path: CataloguePath) => {
      const index = activities.get(key);
      if (index === undefined) {
        report(path, `There is no activity with the key '${key}'.`);
        return null;
      }
      const activity = c.activities[index]!;
      // An activity that failed its shape still times its sessions when its duration and location are readable.
      if (bad(activity)) {
        const usable =
          activity.venue === t.venue &&
          Number.isInteger(activity.duration_minutes) &&
          activity.duration_minutes > 0 &&
          typeof activity.location === 'string';
        return usable ? activity : null;
      }
      if (activity.venue !== t.venue) {
        report(path, `The activity '${key}' belongs to the venue '${activity.venue}', not '${t.venue}'.`);
        return null;
      }
      return activity;
    };
    const ruleKeys = new Map<string, number>();
    type Slot = {
      key: string;
      day: Weekday;
      start: number;
      end: number;
      location: string;
      from: string;
      until: string;
    };
    const slots: Slot[] = [];
    t.weekly.forEach((s, j) => {
      const path = [...at, 'weekly', j];
      if (bad(s)) {
        if (typeof s.key === 'string') ruleKeys.set(s.key, j);
        return;
      }
      if (ruleKeys.has(s.key))
        report([...path, 'key'], `The weekly session key '${s.key}' is already used at this venue.`);
      ruleKeys.set(s.key, j);
      if (s.from && s.until && s.until < s.from)
        report([...path, 'until'], 'The session stops before it starts.');
      const activity = activityAt(s.activity, [...path, 'activity']);
      if (!activity) return;
      const start = minutes(s.start);
      const end = start + (s.duration_minutes ?? activity.duration_minutes);
      const slot = {
        key: s.key,
        day: s.day,
        start,
        end,
        location: s.location ?? activity.location,
        from: s.from ?? '0000-01-01',
        until: s.until ?? '9999-12-31',
      };
      if (venue?.opening_hours) {
        const open = venue.opening_hours[s.day] ?? [];
        if (!open.length)
          report(
            [...path, 'day'],
            `${venue.name} is closed on ${dayName(s.day)}s (opening_hours), so no session can run then.`,
          );
        else if (!open.some((h) => minutes(h.opens) <= start && end <= minutes(h.closes))) {
          const hours = open.map((h) => `${h.opens}–${h.closes}`).join(', ');
          report(
            [...path, 'start'],
            `The session runs ${clock(start)}–${clock(end)}, outside ${venue.name}'s opening hours on ${dayName(s.day)} (${hours}).`,
          );
        }
      }
      const clash = slots.find(
        (o) =>
          o.day === slot.day &&
          o.location.toLowerCase() === slot.location.toLowerCase() &&
          o.start < slot.end &&
          slot.start < o.end &&
          o.from <= slot.until &&
          slot.from <= o.until,
      );
      if (clash) {
        report(
          [...path, 'start'],
          `The session ${clock(start)}–${clock(end)} overlaps '${clash.key}' (${clock(clash.start)}–${clock(clash.end)}) in ${slot.location} on ${dayName(s.day)}.`,
        );
      }
      slots.push(slot);
    });
    const exceptionKeys = new Set<string>();
    t.exceptions.forEach((e, j) => {
      const path = [...at, 'exceptions', j];
      if (bad(e)) return;
      if (exceptionKeys.has(e.key))
        report([...path, 'key'], `The exception key '${e.key}' is already used at this venue.`);
      exceptionKeys.add(e.key);
      if (e.kind === 'cancelled' || e.kind === 'changed') {
        const index = ruleKeys.get(e.session);
        if (index === undefined)
          report(
            [...path, 'session'],
            `There is no weekly session with the key '${e.session}' at this venue.`,
          );
        else {
          const rule = t.weekly[index]!;
          if (bad(rule)) return;
          if (weekdayOf(isoWeekday(toLocalDate(e.date))) !== rule.day) {
            report(
              [...path, 'date'],
              `${e.date} is not a ${dayName(rule.day)}, the day '${e.session}' runs.`,
            );
          } else if ((rule.from && e.date < rule.from) || (rule.until && e.date > rule.until)) {
            report([...path, 'date'], `'${e.session}' does not run on ${e.date} (its from/until dates).`);
          }
        }
      }
      if (e.kind === 'extra') {
        activityAt(e.activity, [...path, 'activity']);
        const closure = t.exceptions.find((o) => !bad(o) && o.kind === 'closed' && o.date === e.date);
        if (closure) {
          report(
            [...path, 'date'],
            `The venue is closed on ${e.date} ('${closure.key}'), so the extra session cannot run.`,
          );
        }
      }
    });
  }
}
