// The statements a step sends (node-postgres in this process, as the services send them) and their plans:
// EXPLAIN (ANALYZE, BUFFERS) of each, run again in a transaction that is rolled back (writes leave nothing).
import pg from 'pg';

/** Tables whose rows grow with the members: a Seq Scan on one of them is flagged. */
export const GROWING = [
  'customers',
  'memberships',
  'direct_debit_mandates',
  'direct_debit_payments',
  'bookings',
  'orders',
  'order_items',
  'activity_sessions',
  'auth_sessions',
  'freeze_requests',
  'saved_cards',
  'carts',
  'cart_items',
  'payments',
  'credit_transactions',
  'benefit_usages',
  'eligibility_documents',
];

let recording = null;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (recording && config) {
    const text = typeof config === 'string' ? config : config.text;
    const params = typeof config === 'string' || !config.values ? values : config.values;
    if (typeof text === 'string') {
      const seen = recording.get(text);
      if (seen) seen.count++;
      else recording.set(text, { text, params: Array.isArray(params) ? params : [], count: 1 });
    }
  }
  return original.call(this, config, values, callback);
};

/** Runs `work` recording every statement this process sends; resolves with its result and the statements. */
export async function capture(work) {
  const previous = recording;
  recording = new Map();
  const mine = recording;
  try {
    const result = await work();
    return { result, statements: [...mine.values()] };
  } finally {
    recording = previous;
  }
}

const SKIP = /^\s*(begin|commit|rollback|savepoint|release|set |select 1\b|select pg_advisory)/i;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement (those of `match` when given), on a connection of its own, each in a
 * transaction rolled back. Resolves with { label, text, count, ms, plan, seqScans } for each, slowest first.
 */
export async function explainAll(url, label, statements, { match, limit = 6 } = {}) {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  const out = [];
  try {
    for (const s of statements) {
      if (SKIP.test(s.text) || (match && !match.test(s.text))) continue;
      try {
        await c.query('begin');
        const r = await c.query(`explain (analyze, buffers, format text) ${s.text}`, s.params);
        const plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
        const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
        const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)]
          .map((m) => m[1])
          .filter((t) => GROWING.includes(t));
        out.push({
          label,
          text: s.text,
          params: s.params,
          count: s.count,
          ms,
          plan,
          seqScans: [...new Set(seqScans)],
        });
      } catch (err) {
        out.push({
          label,
          text: s.text,
          params: s.params,
          count: s.count,
          ms: Number.NaN,
          plan: `(not explained: ${err.message})`,
          seqScans: [],
        });
      } finally {
        await c.query('rollback').catch(() => {});
      }
    }
  } finally {
    await c.end();
  }
  // The slowest first; a statement sent many times ranks by its total (one plan × times sent).
  out.sort((a, b) => (b.ms || 0) * b.count - (a.ms || 0) * a.count);
  return out.slice(0, limit);
}

/** The plans as text for docs/bench/scale-plans-*.txt. */
export function plansText(plans) {
  return plans
    .map(
      (p) =>
        `=== ${p.label}: sent ${p.count}×, ${Number.isNaN(p.ms) ? '?' : p.ms.toFixed(1)} ms once` +
        `${p.seqScans.length ? `; SEQ SCAN of ${p.seqScans.join(', ')}` : ''}\n` +
        `${p.text.replace(/\s+/g, ' ').trim()}\n` +
        `params: ${JSON.stringify(p.params).slice(0, 300)}\n\n${p.plan}\n`,
    )
    .join('\n');
}
