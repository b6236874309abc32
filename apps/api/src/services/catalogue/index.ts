/**
 * The operator's catalogue (issue 15, docs/operators.md): validate a file, import it in one transaction (a dry run
 * rolls back and prints only the plan), export what the database holds. Used by `npm run catalogue`.
 */
import { createHash } from 'node:crypto';
import { type Catalogue, catalogue, catalogueJsonSchema } from '@fieldhouse/contract/catalogue/index';
import { eq, sql } from 'drizzle-orm';
import { stringify } from 'yaml';
import type { Db, Tx } from '../../db/client.ts';
import { catalogueImports, clients } from '../../db/schema.ts';
import { describeConflict, type GenerationResult, generateSessions } from '../timetable-rules/index.ts';
import { applyEligibility, applyMembershipTypes, applyPolicies } from './apply-memberships.ts';
import {
  applyActivities,
  applyClient,
  applyTimetables,
  applyVenues,
  applyWaivers,
} from './apply-organisation.ts';
import { checkCatalogue } from './checks.ts';
import { describePlan, type PlannedChange, planCatalogue, summarise } from './plan.ts';
import { readCatalogue } from './read.ts';
import { type CatalogueProblem, type CatalogueSource, formatProblem, parseCatalogue } from './source.ts';

export { catalogueReferenceMarkdown } from './reference.ts';
export type { CatalogueProblem, PlannedChange };
export { describePlan, formatProblem };

/** What generating the sessions did, and each booked session the timetable could not move or remove. */
export function describeSessions(result: GenerationResult, done = false): string[] {
  const lines = [
    done
      ? `sessions: ${result.created} created, ${result.updated} changed, ${result.removed} removed${offSale(result, done)} (over the timetable's horizon)`
      : `sessions: ${result.created} to create, ${result.updated} to change, ${result.removed} to remove${offSale(result, done)} (over the timetable's horizon)`,
  ];
  if (result.conflicts.length) {
    lines.push(`${result.conflicts.length} booked session(s) kept as they are, for staff to deal with:`);
    for (const c of result.conflicts) lines.push(`  ! ${describeConflict(c)}`);
  }
  return lines;
}

/** Sessions taken off sale (cancelled bookings on record keep their rows), when there are any. */
const offSale = (result: GenerationResult, done: boolean) =>
  result.cancelled ? `, ${result.cancelled} ${done ? 'taken' : 'to take'} off sale` : '';

export type ValidatedCatalogue =
  | { ok: true; catalogue: Catalogue; problems: []; source: CatalogueSource }
  | { ok: false; problems: CatalogueProblem[] };

/** Shape, then cross-references and timetable rules: every problem at once, in file order. */
export function validateCatalogue(file: string, text: string): ValidatedCatalogue {
  const parsed = parseCatalogue(file, text);
  if (!parsed.ok) {
    const more = parsed.partial
      ? checkCatalogue(parsed.partial.catalogue, parsed.source, parsed.partial.invalid)
      : [];
    return { ok: false, problems: inFileOrder([...parsed.problems, ...more]) };
  }
  const problems = checkCatalogue(parsed.catalogue, parsed.source);
  return problems.length
    ? { ok: false, problems }
    : { ok: true, catalogue: parsed.catalogue, problems: [], source: parsed.source };
}

export type ImportResult =
  | { ok: false; problems: CatalogueProblem[] }
  | { ok: true; clientId: number; plan: PlannedChange[]; sessions: GenerationResult; applied: boolean };

const inFileOrder = (problems: CatalogueProblem[]) =>
  problems.sort((a, b) => a.line - b.line || a.column - b.column);

class DryRun extends Error {}
export class CatalogueRefused extends Error {
  readonly problems: CatalogueProblem[];

  constructor(problems: CatalogueProblem[]) {
    super(`catalogue refused:\n${problems.map(formatProblem).join('\n')}`);
    this.problems = problems;
  }
}

/**
 * Applies a checked catalogue inside the caller's transaction (the import's, or the demo seed's): the plan from what
 * the database holds, then every entity written. Refuses (throws `CatalogueRefused`) a change that cannot be made,
 * such as rewording a signed waiver version.
 */
export async function applyCatalogue(
  tx: Tx,
  validated: Extract<ValidatedCatalogue, { ok: true }>,
  input: { now: Date; file: string; sha256: string },
) {
  const c = validated.catalogue;
  const { now } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fieldhouse:catalogue-import'))`);
  const [existing] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.slug, c.client.key));
  const current = existing ? await readCatalogue(tx, existing.id) : null;
  // Both sides in the schema's shape and field order (jsonb keeps its own key order).
  const plan = planCatalogue(current ? catalogue.parse(current.catalogue) : null, c);
  if (existing && !plan.length) {
    // The database already matches the file: nothing is written (an unchanged re-import of a 250-venue file rewrote
    // every row, one statement each). Sessions still follow the timetable: its horizon moves on every day.
    return {
      clientId: existing.id,
      plan,
      sessions: await generateSessions(tx, { clientId: existing.id, now }),
    };
  }

  const clientId = await applyClient(tx, c.client);
  const venues = await applyVenues(tx, clientId, c.venues, now);
  const venueIds = new Map([...venues].map(([k, r]) => [k, r.id]));
  const waivers = await applyWaivers(tx, clientId, c.waivers, now, (index, version, message) =>
    validated.source.problem(['waivers', index, 'versions', version - 1], message),
  );
  const waiverIds = new Map([...waivers.byKey].map(([k, r]) => [k, r.id]));
  const activities = await applyActivities(tx, { activities: c.activities, venueIds, waiverIds, now });
  const activityIds = new Map([...activities].map(([k, r]) => [k, r.id]));
  await applyTimetables(tx, { timetable: c.timetable, venueIds, activityIds, now });
  const { criteria, documents } = await applyEligibility(tx, clientId, c.eligibility, now);
  const optionIds = await applyMembershipTypes(tx, {
    clientId,
    types: c.membership_types,
    venueIds,
    criterionIds: criteria,
    now,
  });
  await applyPolicies(tx, { clientId, catalogue: c, documentIds: documents, optionIds, now });
  if (waivers.problems.length) throw new CatalogueRefused(waivers.problems);
  // The weekly timetables as they now stand, over the horizon (booked sessions are kept and reported, decision 029).
  const sessions = await generateSessions(tx, { clientId, now });

  if (plan.length) {
    await tx.insert(catalogueImports).values({
      clientId,
      appliedAt: now,
      source: input.file,
      sha256: input.sha256,
      summary: summarise(plan),
    });
  }
  return { clientId, plan, sessions };
}

/**
 * Applies a catalogue file in one transaction: the plan (what will be added, changed, archived) is worked out from
 * what the database holds; with `dryRun` nothing is kept. Imports run one at a time (an advisory lock).
 */
export async function importCatalogue(
  db: Db,
  input: { file: string; text: string; dryRun?: boolean; now?: Date },
): Promise<ImportResult> {
  const validated = validateCatalogue(input.file, input.text);
  if (!validated.ok) return validated;
  const sha256 = createHash('sha256').update(input.text).digest('hex');
  let result: ImportResult | null = null;
  try {
    await db.transaction(async (tx) => {
      const { clientId, plan, sessions } = await applyCatalogue(tx, validated, {
        now: input.now ?? new Date(),
        file: input.file,
        sha256,
      });
      result = { ok: true, clientId, plan, sessions, applied: !input.dryRun };
      if (input.dryRun) throw new DryRun();
    });
  } catch (error) {
    if (error instanceof CatalogueRefused) return { ok: false, problems: error.problems };
    if (!(error instanceof DryRun)) throw error;
  }
  return result!;
}

/** The catalogue the database holds, as YAML (the first client, or the one with `clientKey`). */
export async function exportCatalogue(db: Db, input: { clientKey?: string; schemaPath: string }) {
  const [client] = input.clientKey
    ? await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, input.clientKey))
    : await db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
  if (!client) return null;
  const stored = await readCatalogue(db, client.id);
  if (!stored) return null;
  // Parsed once more so fields come in the schema's order whatever order the database keeps (jsonb sorts keys).
  const ordered = catalogue.parse(stored.catalogue);
  return `# yaml-language-server: $schema=${input.schemaPath}\n${stringify(ordered, { lineWidth: 0 })}`;
}

export function catalogueSchemaText() {
  return `${JSON.stringify(catalogueJsonSchema(), null, 2)}\n`;
}
