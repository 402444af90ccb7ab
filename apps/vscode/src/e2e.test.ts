import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The real-VS-Code end-to-end run (e2e/run-e2e.sh: VS Code server 1.139 + headless Chromium),
// run from vitest so its result counts with the unit tests. It installs its own tools (~800 MB
// under e2e/node_modules, Chromium through apt when missing) and takes one to a few minutes.
const SKIP = process.env.QUIVER_SKIP_VSCODE_E2E === '1';
const script = fileURLToPath(new URL('../e2e/run-e2e.sh', import.meta.url));

describe('VS Code end-to-end', () => {
  it.skipIf(SKIP)(
    'runs Quiver: Run Tool…, approvals, language-model tools and the command palette in a real VS Code (skip: QUIVER_SKIP_VSCODE_E2E=1)',
    async () => {
      const { code, output } = await run('bash', [script]);
      if (code !== 0) console.error(output.slice(-20_000));
      expect(code, 'run-e2e.sh failed; its output is above').toBe(0);
      expect(output).toMatch(/\[quiver-e2e\] \d+ passed, 0 failed/);
      expect(output).toMatch(/ui: .*: ok/);
    },
    600_000,
  );
});

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
