// Prints the one plain closing line CI reads, "N passed, N failed", from vitest's JSON report.
// A suite that failed to load (no tests ran in it) counts as one failure, so it cannot hide.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.vitest-report.json';
if (!existsSync(file)) {
  console.log('0 passed, 1 failed');
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const broken = (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests + broken} failed`);
