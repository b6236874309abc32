// The browser tests' third server: the app with Stripe as its card provider (PAYMENT_PROVIDER=stripe), Stripe's API
// answered by the local stand-in the integration tests use (apps/api/test/stripe-stand-in.ts: nothing reaches the
// internet). Beside it, on STRIPE_CONTROL_PORT, one call the browser's stand-in Stripe.js (stripe/stripe-js.js) makes
// through the test's route to https://api.stripe.com: the cardholder completing or failing 3-D Secure, which Stripe
// itself records when its authentication page is answered.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
} from '../../apps/api/test/stripe-stand-in.ts';

const controlPort = Number(process.env.STRIPE_CONTROL_PORT);
const standIn = await startStripeStandIn();

const control = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const answer = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.method !== 'POST' || req.url !== '/authenticate') return answer(404, { error: 'Not found' });
    try {
      const { client_secret: secret, approve } = JSON.parse(body) as {
        client_secret: string;
        approve: boolean;
      };
      const intentId = secret.split('_secret_')[0]!;
      standIn.completeAuthentication(intentId, approve);
      return answer(200, { payment_intent: intentId, approved: approve });
    } catch (err) {
      return answer(409, { error: err instanceof Error ? err.message : String(err) });
    }
  });
});
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

const app = spawn(process.execPath, [fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url))], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.apiBase,
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
app.on('exit', (code) => {
  control.close();
  void standIn.close().finally(() => process.exit(code ?? 0));
});
