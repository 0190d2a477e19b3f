// Names the browser specs that passed only on their retry (the `e2e` project retries once on CI), so a flaky test
// is seen in the run's output rather than hidden by its green result.
import type { Reporter, TestModule } from 'vitest/node';

export class FlakyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const flaky = testModules.flatMap((module) => [...module.children.allTests()]
      .filter((test) => test.diagnostic()?.flaky)
      .map((test) => `  ${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName} (retried ${test.diagnostic()?.retryCount ?? 0}×)`));
    if (flaky.length === 0) return;
    process.stdout.write(`\nPassed only on a retry (flaky, worth a look):\n${flaky.join('\n')}\n`);
  }
}
