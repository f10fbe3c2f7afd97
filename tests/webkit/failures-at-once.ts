/**
 * Prints a journey's failure the moment it fails, before the summary: `npm test` stops every step once one
 * fails (scripts/tools/test.mjs), and a step stopped before its summary would otherwise take the reason its
 * own journey failed with it. The summary repeats it when the step runs to its end.
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class FailuresAtOnce implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const lines = [`FAILED ${testCase.module.moduleId} > ${testCase.fullName}`];
    for (const error of result.errors ?? []) lines.push(error.stack ?? `${error.name}: ${error.message}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
