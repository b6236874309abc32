// A Vitest reporter for CI, where tests are retried once (decision 042): it names every test that passed only on
// its retry, with the error of the attempt that failed, so a flaky test is seen and can be fixed instead of hidden
// (the default reporter prints nothing of a failure its retry made good). `scripts/test.mjs` repeats these lines at
// the end.
import { stripVTControlCharacters } from 'node:util';

/** The failed attempt's error: its message and where it was thrown, on a few lines. */
function describeError(error) {
  const message = stripVTControlCharacters(String(error?.message ?? error)).trim();
  const where = stripVTControlCharacters(String(error?.stack ?? ''))
    .split('\n')
    .filter((line) => /^\s+at .*\/.*:\d+:\d+\)?$/.test(line) && !line.includes('node_modules'))
    .slice(0, 3)
    .map((line) => line.trim());
  return [...message.split('\n').slice(0, 12), ...where].map((line) => `    ${line}`).join('\n');
}

export default class RetriedTests {
  retried = [];

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    const result = testCase.result();
    if (retries > 0 && result.state === 'passed') {
      const errors = (result.errors ?? []).map(describeError);
      this.retried.push(
        `${testCase.module.moduleId} > ${testCase.fullName} (retry x${retries})` +
          (errors.length ? `\n  the attempt that failed:\n${errors.join('\n')}` : ''),
      );
    }
  }

  onTestRunEnd() {
    for (const line of this.retried) console.log(`PASSED ONLY ON RETRY: ${line}`);
  }
}
