// The last step of `pnpm demo`: show a gate saying no. With an allow list of `git *`, the
// second segment of a chained command is denied (R7), and the exit code says so (1). The demo
// succeeds when the denial happens.
import { spawnSync } from 'node:child_process';

const run = spawnSync(process.execPath, ['apps/cli/dist/bin.js', 'permissions', 'check', 'git status && rm -rf /', '--allow', 'git *'], {
  stdio: 'inherit',
});
if (run.status !== 1) {
  console.error(`demo: expected the command to be denied (exit 1), got exit ${run.status}`);
  process.exit(1);
}
