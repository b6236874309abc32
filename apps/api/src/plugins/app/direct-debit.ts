import fp from 'fastify-plugin';
import { countingProviderErrors, providerErrors } from '../../lib/metrics.ts';
import type { DirectDebitProvider } from '../../services/direct-debit/provider.ts';
import { SandboxDirectDebitProvider } from '../../services/direct-debit/sandbox-provider.ts';
import { registerDirectDebitWebhooks } from '../../services/direct-debit/webhooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The direct-debit provider membership purchases set up mandates with (DIRECT_DEBIT_PROVIDER). */
    directDebit: DirectDebitProvider;
  }
}

export type DirectDebitPluginOptions = {
  /** Tests wrap the provider (e.g. to count calls or make it fail). */
  wrapDirectDebitProvider?: (provider: DirectDebitProvider) => DirectDebitProvider;
};

/**
 * Picks the direct-debit provider from config.directDebitProvider: the sandbox or GoCardless (decision 037).
 * Another provider plugs in here: add its name to DIRECT_DEBIT_PROVIDER in config.ts, implement
 * services/direct-debit/provider.ts in its own file (credentials from the environment), and construct it below.
 */
export default fp<DirectDebitPluginOptions>(
  async (app, opts) => {
    let provider: DirectDebitProvider;
    switch (app.config.directDebitProvider) {
      case 'sandbox':
        provider = new SandboxDirectDebitProvider();
        if (process.env.NODE_ENV === 'production') {
          app.log.warn('DIRECT_DEBIT_PROVIDER=sandbox: no direct debits are really set up');
        }
        break;
      case 'gocardless': {
        // config.ts refuses DIRECT_DEBIT_PROVIDER=gocardless without the GOCARDLESS_* settings. Its SDK loads only
        // when it is the provider.
        const { findGoCardlessPayment, GoCardlessDirectDebitProvider } = await import(
          '../../services/direct-debit/gocardless-provider.ts'
        );
        const goCardless = new GoCardlessDirectDebitProvider(app.config.goCardless!);
        provider = goCardless;
        // Webhook events (POST /api/webhooks/gocardless) are processed as jobs wherever the engine runs.
        await registerDirectDebitWebhooks(app.jobs, {
          db: app.db,
          log: app.log,
          now: app.now,
          accountUrl: app.config.siteUrls?.account ?? null,
          findPayment: (id) =>
            findGoCardlessPayment(goCardless, id).catch((err: unknown) => {
              providerErrors.inc({ provider: 'direct_debit', operation: 'findPayment' });
              throw err;
            }),
        });
        if (app.config.goCardless!.environment === 'sandbox' && process.env.NODE_ENV === 'production')
          app.log.warn(
            'GOCARDLESS_ENVIRONMENT=sandbox: mandates are made in the GoCardless sandbox, not live',
          );
        break;
      }
      default:
        throw new Error(`Unknown direct-debit provider ${String(app.config.directDebitProvider)}`);
    }
    // What the provider throws is its failure (network, credentials, outage: provider.ts); a refused bank account
    // is an answer. Counted as direct-debit provider errors (metrics).
    app.decorate(
      'directDebit',
      countingProviderErrors(
        'direct_debit',
        opts.wrapDirectDebitProvider ? opts.wrapDirectDebitProvider(provider) : provider,
      ),
    );
  },
  { name: 'app-direct-debit', dependencies: ['app-db', 'app-jobs'] },
);
