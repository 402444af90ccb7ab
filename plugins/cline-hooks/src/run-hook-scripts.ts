import { dirname } from 'node:path';
import { ERROR_CODES, quiverError, runHook, type SandboxService } from '@quiver/core';
import { parseClineHookOutput, type ClineHookOutput } from './cline-hook-output.js';
import type { HookScript } from './find-hook-scripts.js';

/** What the scripts of one hook said, together (SPEC Part B §10 "Several scripts"). */
export interface CombinedHookOutput {
  /** True if any script asked to cancel. */
  cancel: boolean;
  /** Contexts joined by blank lines. */
  contextModification?: string;
  /** Error messages (from the scripts' JSON) joined by newlines. */
  errorMessage?: string;
  /** Scripts that failed or timed out, one line each. */
  failures: string[];
}

/** Where and how the scripts run. */
export interface HookScriptRunOptions {
  timeoutMs: number;
  /** The child environment (the `core.childEnv` service's). */
  env?: NodeJS.ProcessEnv;
  /** The sandbox the scripts run in, like the config's command hooks; without one, on the host. */
  sandbox?: SandboxService;
}

/**
 * Run a hook's scripts in parallel, each with the input on stdin, a time limit (the process
 * group is killed when it runs out) and bounded output, inside the sandbox when there is one
 * (a refusal there is a failure, so a PreToolUse script then blocks by default). Exit ≠ 0 with
 * valid JSON: the JSON counts; exit 0 without JSON: no cancel; exit ≠ 0 without JSON, or a
 * time-out: a failure.
 */
export async function runHookScripts(
  scripts: readonly HookScript[],
  input: unknown,
  options: HookScriptRunOptions,
): Promise<CombinedHookOutput> {
  const settled = await Promise.allSettled(scripts.map((s) => runOne(s, input, options)));
  const answers: ClineHookOutput[] = [];
  const failures: string[] = [];
  for (const s of settled) {
    if (s.status === 'fulfilled') answers.push(s.value);
    else failures.push((s.reason as Error).message);
  }
  const contexts = answers.flatMap((a) => (a.contextModification ? [a.contextModification] : []));
  const errors = answers.flatMap((a) => (a.errorMessage ? [a.errorMessage] : []));
  const out: CombinedHookOutput = { cancel: answers.some((a) => a.cancel), failures };
  if (contexts.length) out.contextModification = contexts.join('\n\n');
  if (errors.length) out.errorMessage = errors.join('\n');
  return out;
}

async function runOne(script: HookScript, input: unknown, options: HookScriptRunOptions): Promise<ClineHookOutput> {
  const quoted = `'${script.file.replace(/'/g, `'\\''`)}'`;
  // The script's own folder is shown read-only inside the sandbox: a global hooks folder
  // outside the roots (or under the private /tmp) must still be found.
  const run = await runHook(quoted, input, {
    cwd: script.cwd,
    configDir: dirname(script.file),
    timeoutMs: options.timeoutMs,
    env: options.env,
    sandbox: options.sandbox,
  });
  const answer = parseClineHookOutput(run.stdout);
  if (answer) return answer;
  // Exit 0 with no output is "no objection"; output that holds no valid answer is a failure,
  // reported (and blocking a PreToolUse call by default), never a silent allow.
  if (run.exitCode === 0 && run.stdout.trim() === '') return { cancel: false };
  if (run.exitCode === 0) {
    throw quiverError(
      ERROR_CODES.HOOK_OUTPUT_INVALID,
      `Hook script '${script.file}' printed output that is not valid hook JSON (expected {"cancel": boolean, "contextModification"?: string, "errorMessage"?: string}).`,
      { file: script.file },
    );
  }
  const why = run.stderr.trim().split('\n').slice(-3).join(' ') || 'no output';
  throw quiverError(ERROR_CODES.HOOK_FAILED, `Hook script '${script.file}' exited with code ${run.exitCode}: ${why}`, {
    file: script.file,
  });
}
