import type { Db } from '../db/client.ts';
import {
  findFailedMail,
  findMailSummaries,
  type MailSummary,
  requeueFailedMail,
} from '../services/mail/outbox.ts';

export const MAIL_USAGE = `Usage:
  npm run mail -- failed                    list mail that failed for good (every retry used)
  npm run mail -- requeue <id> [<id> ...]   queue those failed mails again (a fresh set of retries)
  npm run mail -- requeue --all-failed      queue every failed mail again`;

const describe = (m: MailSummary) =>
  [
    `#${m.id}`,
    m.kind,
    `to ${m.to}`,
    `"${m.subject}"`,
    `queued ${m.createdAt.toISOString()}`,
    `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`,
    m.lastAttemptAt ? `last ${m.lastAttemptAt.toISOString()}` : null,
    m.error ? `error: ${m.error}` : null,
  ]
    .filter(Boolean)
    .join(' | ');

/**
 * `npm run mail -- <command>`: lists and re-queues failed mail. Prints no mail bodies (reset links are secrets).
 * Resolves to the process exit code.
 */
export async function runMailCommand(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'failed') {
    const rows = await findFailedMail(db);
    if (!rows.length) out('No failed mail.');
    for (const row of rows) out(describe(row));
    return 0;
  }
  if (command === 'requeue') {
    const all = rest.includes('--all-failed');
    const ids = rest.filter((a) => a !== '--all-failed').map(Number);
    if (
      (!all && !ids.length) ||
      (all && ids.length) ||
      ids.some((id) => !Number.isSafeInteger(id) || id <= 0)
    ) {
      out(MAIL_USAGE);
      return 2;
    }
    const requeued = await requeueFailedMail(db, all ? 'all-failed' : ids);
    out(
      requeued.length
        ? `Re-queued ${requeued.length}: ${requeued.map((id) => `#${id}`).join(', ')}`
        : 'Nothing re-queued.',
    );
    const skipped = ids.filter((id) => !requeued.includes(id));
    const found = await findMailSummaries(db, skipped);
    for (const id of skipped) {
      const mail = found.find((m) => m.id === id);
      out(
        mail
          ? `#${id} was not re-queued: it is ${mail.status}, not failed.`
          : `#${id} was not re-queued: no such mail.`,
      );
    }
    return skipped.length ? 1 : 0;
  }
  out(MAIL_USAGE);
  return 2;
}
