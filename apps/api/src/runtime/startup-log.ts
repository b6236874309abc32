import os from 'node:os';

const LEVELS = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};
type Level = keyof typeof LEVELS;
type Write = (obj: object, msg: string) => void;
export type StartupLogger = { info: Write; warn: Write };

/**
 * Log lines before the app (and its pino logger) exists: waiting for the database, migrating. Same JSON shape as
 * pino's lines so log collectors read them alike.
 */
export function createStartupLogger(
  level: string,
  out: NodeJS.WritableStream = process.stdout,
): StartupLogger {
  const min = LEVELS[level as Level] ?? LEVELS.info;
  const write =
    (name: 'info' | 'warn'): Write =>
    (obj, msg) => {
      if (LEVELS[name] < min) return;
      const line = {
        level: LEVELS[name],
        time: Date.now(),
        pid: process.pid,
        hostname: os.hostname(),
        ...obj,
        msg,
      };
      out.write(`${JSON.stringify(line)}\n`);
    };
  return { info: write('info'), warn: write('warn') };
}
