// Runs the built `quiver` as a child process, as a user's shell would: no terminal (stdin
// closed), the environment given, nothing mocked. Shared by the trust tests.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built CLI entry. */
export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** What one run gave back. */
export interface QuiverRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Throw a clear error when the CLI is not built (these tests need dist/). */
export function requireBuild(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build first (pnpm turbo run build --filter @quiver/cli...).`);
}

/** Run `quiver ...args` in `cwd` with exactly `env` (plus PATH and HOME from this process). */
export function runQuiver(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<QuiverRun> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...options.env };
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, ...args], { cwd: options.cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end();
  });
}

/** `quiver exec <tool> <params> --json ...flags`, parsed. */
export async function execJson(
  tool: string,
  params: object,
  options: { cwd: string; env?: Record<string, string>; flags?: string[] },
): Promise<QuiverRun & { isError: boolean; text: string }> {
  const r = await runQuiver(['exec', tool, JSON.stringify(params), '--json', ...(options.flags ?? [])], options);
  let out: { isError: boolean; content: { type: string; text?: string }[] };
  try {
    out = JSON.parse(r.stdout) as typeof out;
  } catch {
    throw new Error(`quiver exec ${tool} printed no JSON (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  }
  return { ...r, isError: out.isError, text: out.content.map((b) => b.text ?? '').join('\n') };
}
