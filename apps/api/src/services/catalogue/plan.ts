/**
 * What an import will do: the catalogue in the file compared with the one in the database, entity by entity (by
 * key): added, changed (field by field) and archived. The dry run prints only this.
 */
import type { Catalogue } from '@fieldhouse/contract/catalogue/index';

export type FieldChange = { field: string; from: unknown; to: unknown };
export type PlannedChange =
  | { action: 'add'; entity: string; key: string; name: string }
  | { action: 'change'; entity: string; key: string; name: string; fields: FieldChange[] }
  | { action: 'archive'; entity: string; key: string; name: string };

type Keyed = { key: string };
const isKeyedList = (v: unknown): v is Keyed[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((x) => x && typeof x === 'object' && typeof (x as Keyed).key === 'string');
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field-level differences between two values of one entity (keyed lists compared by key). */
export function diffFields(from: unknown, to: unknown, prefix = ''): FieldChange[] {
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  if (isPlainObject(from) && isPlainObject(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys.flatMap((k) => diffFields(from[k], to[k], prefix ? `${prefix}.${k}` : k));
  }
  if ((isKeyedList(from) || isKeyedList(to)) && Array.isArray(from) && Array.isArray(to)) {
    const before = new Map((from as Keyed[]).map((x) => [x.key, x]));
    const after = new Map((to as Keyed[]).map((x) => [x.key, x]));
    const out: FieldChange[] = [];
    for (const [k, x] of after) {
      const old = before.get(k);
      if (!old) out.push({ field: `${prefix}.${k}`, from: undefined, to: 'added' });
      else out.push(...diffFields(old, x, `${prefix}.${k}`));
    }
    for (const k of before.keys())
      if (!after.has(k)) out.push({ field: `${prefix}.${k}`, from: 'present', to: 'archived' });
    const order = (l: Keyed[]) => l.map((x) => x.key).join(',');
    if (!out.length && order(from as Keyed[]) !== order(to as Keyed[])) {
      out.push({ field: `${prefix} (order)`, from: order(from as Keyed[]), to: order(to as Keyed[]) });
    }
    return out;
  }
  return [{ field: prefix, from, to }];
}

type Entity = { entity: string; key: string; name: string; value: unknown };

/** Every entity of a catalogue with a key unique across its kind (timetable rows are prefixed by their venue). */
export function entitiesOf(c: Catalogue): Entity[] {
  const list: Entity[] = [];
  const add = (entity: string, key: string, name: string, value: unknown) =>
    list.push({ entity, key, name, value });
  for (const v of c.venues) add('venue', v.key, v.name, v);
  for (const a of c.activities) add('activity', a.key, a.name, a);
  for (const t of c.timetable) {
    for (const w of t.weekly) add('weekly session', `${t.venue}/${w.key}`, `${w.day} ${w.start}`, w);
    for (const e of t.exceptions) add('exception', `${t.venue}/${e.key}`, `${e.date} ${e.kind}`, e);
  }
  for (const e of c.eligibility) add('eligibility criterion', e.key, e.name, e);
  for (const m of c.membership_types) add('membership type', m.key, m.name, m);
  for (const f of c.freeze_types) add('freeze type', f.key, f.reason, f);
  for (const p of c.promotions) add('promotion', p.key, p.code, p);
  for (const t of c.terms) add('terms', t.key, t.title, t);
  for (const w of c.waivers) add('waiver', w.key, w.title, w);
  return list;
}

/** The plan from `current` (null: an empty database) to `next`. */
export function planCatalogue(current: Catalogue | null, next: Catalogue): PlannedChange[] {
  const changes: PlannedChange[] = [];
  if (!current)
    changes.push({ action: 'add', entity: 'client', key: next.client.key, name: next.client.name });
  else {
    const fields = diffFields(current.client, next.client);
    if (fields.length)
      changes.push({
        action: 'change',
        entity: 'client',
        key: next.client.key,
        name: next.client.name,
        fields,
      });
  }
  const before = new Map((current ? entitiesOf(current) : []).map((e) => [`${e.entity}:${e.key}`, e]));
  const after = entitiesOf(next);
  for (const e of after) {
    const old = before.get(`${e.entity}:${e.key}`);
    if (!old) changes.push({ action: 'add', entity: e.entity, key: e.key, name: e.name });
    else {
      const fields = diffFields(old.value, e.value);
      if (fields.length)
        changes.push({ action: 'change', entity: e.entity, key: e.key, name: e.name, fields });
    }
  }
  const present = new Set(after.map((e) => `${e.entity}:${e.key}`));
  for (const [id, e] of before) {
    if (!present.has(id)) changes.push({ action: 'archive', entity: e.entity, key: e.key, name: e.name });
  }
  return changes;
}

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** The plan as lines an operator reads: a count per entity, then each change. */
export function describePlan(changes: PlannedChange[], done = false): string[] {
  if (!changes.length) return ['Nothing to change: the database already matches the file.'];
  const lines: string[] = [];
  const counts = new Map<string, { add: number; change: number; archive: number }>();
  for (const c of changes) {
    const n = counts.get(c.entity) ?? { add: 0, change: 0, archive: 0 };
    n[c.action]++;
    counts.set(c.entity, n);
  }
  for (const [entity, n] of counts) {
    lines.push(
      done
        ? `${entity}: ${n.add} added, ${n.change} changed, ${n.archive} archived`
        : `${entity}: ${n.add} to add, ${n.change} to change, ${n.archive} to archive`,
    );
  }
  for (const c of changes) {
    const mark = c.action === 'add' ? '+' : c.action === 'change' ? '~' : '-';
    const what = c.action === 'archive' ? ' (archived: no longer offered, history kept)' : '';
    lines.push(`  ${mark} ${c.entity} ${c.key} (${c.name})${what}`);
    if (c.action === 'change') {
      for (const f of c.fields) lines.push(`      ${f.field}: ${show(f.from)} → ${show(f.to)}`);
    }
  }
  return lines;
}

export function summarise(changes: PlannedChange[]) {
  const out: Record<string, { added: number; changed: number; archived: number }> = {};
  for (const c of changes) {
    out[c.entity] ??= { added: 0, changed: 0, archived: 0 };
    const n = out[c.entity]!;
    if (c.action === 'add') n.added++;
    else if (c.action === 'change') n.changed++;
    else n.archived++;
  }
  return out;
}
