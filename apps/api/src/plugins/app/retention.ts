import fp from 'fastify-plugin';
import { registerRetention } from '../../services/members-data/index.ts';

/**
 * The retention policy (decision 077): with RETENTION_INACTIVE_YEARS above 0, customers inactive that long are
 * anonymised nightly on the job engine (services/members-data/retention.ts); off (0) by default.
 */
export default fp(
  async (app) => {
    const { inactiveYears, batchSize } = app.config.retention;
    if (inactiveYears <= 0) return;
    await registerRetention(
      app.jobs,
      { db: app.db, storage: app.storage, log: app.log, now: app.now },
      async () => {
        const client = await app.findCurrentClient();
        if (!client) throw new Error('Retention: no operator yet');
        return { clientId: client.id, inactiveYears, batchSize };
      },
    );
  },
  { name: 'app-retention', dependencies: ['app-jobs', 'app-storage'] },
);
