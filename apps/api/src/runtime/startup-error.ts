/** A start-up failure the operator can act on: main prints its message as one line (no stack) and exits 1. */
export class StartupError extends Error {
  override name = 'StartupError';
}
