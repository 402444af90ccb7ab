// Prints the one plain closing line CI reads: "N passed, N failed", from vitest's JSON report.
import { readFileSync, existsSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest-report.json';
if (!existsSync(file)) {
  console.log('0 passed, 1 failed');
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const failed = report.numFailedTests + (report.numFailedTestSuites ?? 0) - 0;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests + countBrokenSuites(report)} failed`);

// A suite that fails to load has no test results; count it as one failure so it cannot hide.
function countBrokenSuites(r) {
  return (r.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
}
void failed;
