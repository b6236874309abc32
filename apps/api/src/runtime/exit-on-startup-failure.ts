import { StartupError } from './startup-error.ts';

/**
 * The last word of a failed start: a reason the operator can act on as one line on stderr (a bad configuration,
 * an unreachable database, a data folder in use), anything unexpected with its stack. Exit code 1 either way.
 */
export function exitOnStartupFailure(err: unknown): never {
  const known =
    err instanceof StartupError || (err instanceof Error && err.message.startsWith('Invalid configuration'));
  if (known) process.stderr.write(`Fieldhouse did not start: ${(err as Error).message}\n`);
  else
    process.stderr.write(
      `Fieldhouse did not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  process.exit(1);
}
