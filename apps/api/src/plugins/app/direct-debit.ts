import fp from 'fastify-plugin';
import type { DirectDebitProvider } from '../../services/direct-debit/provider.ts';
import { SandboxDirectDebitProvider } from '../../services/direct-debit/sandbox-provider.ts';

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
 * Picks the direct-debit provider from config.directDebitProvider. A real provider plugs in here: add its name to
 * DIRECT_DEBIT_PROVIDER in config.ts, implement services/direct-debit/provider.ts in its own file (credentials from
 * the environment), and construct it in the switch below.
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
      default:
        throw new Error(`Unknown direct-debit provider ${String(app.config.directDebitProvider)}`);
    }
    app.decorate(
      'directDebit',
      opts.wrapDirectDebitProvider ? opts.wrapDirectDebitProvider(provider) : provider,
    );
  },
  { name: 'app-direct-debit', dependencies: ['app-db'] },
);
