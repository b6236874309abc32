/**
 * Reading a catalogue file: YAML (the `yaml` package, which keeps every node's place in the text) checked by the
 * contract's zod schema, every problem reported at once with its line, column and field path.
 */
import {
  CATALOGUE_LISTS,
  type Catalogue,
  catalogue,
  timetableException,
  weeklySession,
} from '@fieldhouse/contract/catalogue/index';
import {
  type Alias,
  type Document,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  type Node,
  parseDocument,
  visit,
} from 'yaml';
import type { z } from 'zod';

export type CataloguePath = (string | number)[];

/** One thing wrong with a catalogue file, where it is, and what to do. */
export type CatalogueProblem = {
  file: string;
  line: number;
  column: number;
  /** Field path like `venues[0].address.postcode`. */
  path: string;
  message: string;
};

export type CatalogueSource = {
  file: string;
  /** Where a field path is in the text (the closest enclosing node when the field itself is missing). */
  locate: (path: CataloguePath, keyOf?: string) => { line: number; column: number };
  problem: (path: CataloguePath, message: string, keyOf?: string) => CatalogueProblem;
};

export function formatPath(path: CataloguePath): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

export function formatProblem(p: CatalogueProblem): string {
  return `${p.file}:${p.line}:${p.column} ${p.path ? `${p.path}: ` : ''}${p.message}`;
}

function sourceOf(file: string, doc: Document, lines: LineCounter): CatalogueSource {
  const at = (offset: number) => {
    const pos = lines.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const locate = (path: CataloguePath, keyOf?: string) => {
    // The deepest node that exists on the path; with keyOf, the key of that field in the map found.
    for (let n = path.length; n >= 0; n--) {
      const node = (n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true)) as Node | null | undefined;
      if (!node?.range) continue;
      if (keyOf && n === path.length && isMap(node)) {
        const pair = node.items.find(
          (item) => isPair(item) && isScalar(item.key) && item.key.value === keyOf,
        );
        const keyNode = pair?.key as Node | undefined;
        if (keyNode?.range) return at(keyNode.range[0]);
      }
      return at(node.range[0]);
    }
    return { line: 1, column: 1 };
  };
  return {
    file,
    locate,
    problem: (path, message, keyOf) => ({
      file,
      ...locate(path, keyOf),
      path: formatPath(keyOf ? [...path, keyOf] : path),
      message,
    }),
  };
}

function zodProblems(source: CatalogueSource, error: z.ZodError): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const issue of error.issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) {
        problems.push(source.problem(path, `'${k}' is not a field here (check its spelling and indent).`, k));
      }
    } else if (issue.code === 'invalid_type' && issue.input === undefined) {
      const field = path.at(-1);
      problems.push(
        source.problem(path, `${typeof field === 'string' ? `'${field}'` : 'This entry'} is required.`),
      );
    } else {
      problems.push(source.problem(path, issue.message));
    }
  }
  return problems;
}

export type ParsedCatalogue =
  | { ok: true; catalogue: Catalogue; source: CatalogueSource }
  | {
      ok: false;
      problems: CatalogueProblem[];
      source: CatalogueSource;
      /** The entries that did parse (the others kept raw and listed in `invalid`), to check references too. */
      partial?: { catalogue: Catalogue; invalid: WeakSet<object> };
    };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A file that fails its shape still has its references and timetable checked: each entry of each list is parsed
 * on its own (a venue's weekly sessions and exceptions too); an entry that fails stays as written, marked invalid,
 * so its key still resolves and nothing is reported twice.
 */
function partialCatalogue(data: unknown) {
  const invalid = new WeakSet<object>();
  const entry = (
    schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } },
    raw: unknown,
  ) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const kept = isObject(raw) ? { ...raw } : {};
    invalid.add(kept);
    return kept;
  };
  const root = isObject(data) ? data : {};
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(CATALOGUE_LISTS)) {
    const list = Array.isArray(root[name]) ? (root[name] as unknown[]) : [];
    out[name] = list.map((raw) => {
      if (name !== 'timetable' || !isObject(raw)) return entry(schema, raw);
      const parsed = entry(schema, raw) as Record<string, unknown>;
      if (!invalid.has(parsed)) return parsed;
      const weekly = Array.isArray(raw.weekly) ? raw.weekly : [];
      const exceptions = Array.isArray(raw.exceptions) ? raw.exceptions : [];
      return {
        venue: typeof raw.venue === 'string' ? raw.venue : '',
        weekly: weekly.map((w) => entry(weeklySession, w)),
        exceptions: exceptions.map((e) => entry(timetableException, e)),
      };
    });
  }
  return { catalogue: out as Catalogue, invalid };
}

/** How many aliases (`*name`) a file may expand, counted as `yaml` counts them (nested aliases multiply). */
const MAX_ALIAS_COUNT = 100;

/** A problem with the file's aliases, placed at its first alias. */
function aliasProblem(file: string, doc: Document, lines: LineCounter, message: string): CatalogueProblem {
  let first: Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      first = node;
      return visit.BREAK;
    },
  });
  const pos = first?.range ? lines.linePos(first.range[0]) : { line: 1, col: 1 };
  return {
    file,
    line: pos.line,
    column: pos.col,
    path: '',
    message,
  };
}

/** Parses and checks the shape of a catalogue's text (cross-references are checked by checks.ts). */
export function parseCatalogue(file: string, text: string): ParsedCatalogue {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const source = sourceOf(file, doc, lines);
  if (doc.errors.length) {
    return {
      ok: false,
      source,
      problems: doc.errors.map((e) => {
        const pos = e.linePos?.[0] ?? { line: 1, col: 1 };
        return {
          file,
          line: pos.line,
          column: pos.col,
          path: '',
          message: `Not valid YAML: ${e.message.split('\n')[0]}`,
        };
      }),
    };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The `yaml` package refuses aliases that expand past the limit (a 'billion laughs' file) by throwing: one plain
    // problem at the first alias, not a stack trace (issue 41).
    if (!(error instanceof ReferenceError)) throw error;
    const message = error.message.startsWith('Excessive alias count')
      ? 'The file’s aliases (*name) expand to too much text: write the entries out instead of nesting aliases.'
      : `Not valid YAML: ${error.message.split('\n')[0]}`;
    return { ok: false, source, problems: [aliasProblem(file, doc, lines, message)] };
  }
  const result = catalogue.safeParse(data);
  if (!result.success) {
    return {
      ok: false,
      source,
      problems: zodProblems(source, result.error),
      partial: partialCatalogue(data),
    };
  }
  return { ok: true, catalogue: result.data, source };
}
