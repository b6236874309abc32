// Where the test suites find PostgreSQL: TEST_DATABASE_URL, or the local server on 127.0.0.1:5432 (database
// `test`) when that port answers. Shared by the integration and cluster test runners.
import net from 'node:net';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The PostgreSQL URL to test against, or null when none is configured and none answers locally. */
export async function findTestPostgres(env = process.env) {
  if (env.TEST_DATABASE_URL) return env.TEST_DATABASE_URL;
  return (await portAnswers('127.0.0.1', 5432)) ? DEFAULT_PG_URL : null;
}

export const redactUrl = (url) => url.replace(/\/\/[^@]*@/, '//***@');
