import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork;
  }
}

export type BackgroundWork = {
  /** Runs `task` after the current reply, without making the caller wait; a failure is logged with `label`. */
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has finished (tests; graceful shutdown). */
  settle(): Promise<void>;
};

/**
 * Work a reply must not wait for, e.g. because only some callers need it and the time it takes would tell them
 * apart (a password-reset mail for a known address). Tasks still running when the app closes are awaited first.
 */
export default fp(
  async (app) => {
    const pending = new Set<Promise<unknown>>();
    const background: BackgroundWork = {
      run(label, task) {
        const running: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((err) => app.log.error({ err, task: label }, 'Background work failed'))
          .finally(() => pending.delete(running));
        pending.add(running);
      },
      async settle() {
        while (pending.size) await Promise.all([...pending]);
      },
    };
    app.decorate('background', background);
    // preClose runs before every onClose hook, so the database is still open.
    app.addHook('preClose', async () => background.settle());
  },
  { name: 'app-background', dependencies: ['app-db'] },
);
