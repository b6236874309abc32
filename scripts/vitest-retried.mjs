// A Vitest reporter for CI, where tests are retried once (decision 042): it names every test that passed only on
// its retry, so a flaky test is seen and fixed instead of hidden. `scripts/test.mjs` repeats these lines at the end.
export default class RetriedTests {
  retried = [];

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === 'passed') {
      this.retried.push(`${testCase.module.moduleId} > ${testCase.fullName} (retry x${retries})`);
    }
  }

  onTestRunEnd() {
    for (const line of this.retried) console.log(`PASSED ONLY ON RETRY: ${line}`);
  }
}
