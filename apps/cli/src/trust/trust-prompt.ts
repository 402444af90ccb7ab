import { escapeTerminal, trustStorePath } from '@quiver/core/host';

/**
 * Ask on the terminal whether to trust a folder, showing what its config would do that an
 * untrusted run leaves out (hooks, MCP servers, approval changes, roots, endpoints, code).
 * Anything but yes is no.
 */
export async function askTrust(folder: string, grants: readonly string[], changed: boolean): Promise<boolean> {
  const lines = [
    changed ? `quiver: the config of ${folder} changed since you trusted it.` : `quiver: ${folder} is not a trusted folder yet.`,
    'Trusting it lets its config do this:',
    ...grants.map((g) => `  - ${g}`),
    `Only trust folders whose config you have read. The answer is kept in ${trustStorePath()}; a changed config asks again.`,
  ];
  process.stderr.write(`${escapeTerminal(lines.join('\n'))}\n`);
  // Loaded on the prompt only: a trusted or non-terminal run never asks.
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question('Trust this folder? [y/N] ');
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    rl.close();
  }
}
