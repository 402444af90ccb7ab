import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { ERROR_CODES, quiverError } from '../errors.js';
import type { SandboxService } from '../services/sandbox.js';
import type { HookBus } from './hook-bus.js';
import type { HookName, PostToolUseResult, PreToolUseResult, SeriesResult, UserPromptSubmitResult } from './hook-names.js';
import { HOOK_NAMES } from './hook-names.js';
import { parseHookOutput } from './hook-output.js';
import { STAGE } from './stages.js';
import { buildChildEnv } from '../services/child-env.js';

/** One external command hook from the config (Claude Code's shape). */
export interface CommandHookSpec {
  command: string;
  /** Seconds. @default 60 */
  timeout?: number;
  /** @default 'block' for PreToolUse, 'allow' otherwise */
  onError?: 'block' | 'allow';
  /**
   * Block on anything but a clear answer: output that is not valid hook JSON, a failure or a
   * time-out stops the call (PreToolUse) or the event. Wins over `onError`. Without it, invalid
   * PreToolUse output makes the call ask the user, and elsewhere it is reported and ignored.
   * @default false
   */
  failClosed?: boolean;
}

/** A matcher group: which tools, which hooks. */
export interface CommandHookGroup {
  matcher?: string;
  hooks: CommandHookSpec[];
}

/** What a finished hook process gave back. */
export interface HookRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

const MAX_OUTPUT = 1024 * 1024;

/**
 * Register external command hooks on a bus. Each hook gets the event as JSON on stdin
 * (`hook_event_name`, `tool_name`, `tool_input`, `cwd`, `session_id`, ...); exit 2 blocks
 * with stderr as the reason; JSON on stdout may carry `hookSpecificOutput.permissionDecision`,
 * `updatedInput` and `additionalContext`. A missing or non-executable script is a config error
 * now, at start-up.
 * @returns one function that unregisters them all
 */
export function registerCommandHooks(
  bus: HookBus,
  hooks: Partial<Record<HookName, CommandHookGroup[]>>,
  where: { cwd: string; configDir: string; configFile?: string; env?: () => NodeJS.ProcessEnv; sandbox?: SandboxService },
): () => void {
  const offs: (() => void)[] = [];
  for (const [event, groups] of Object.entries(hooks) as [HookName, CommandHookGroup[]][]) {
    groups.forEach((group, gi) =>
      group.hooks.forEach((spec, hi) => {
        const command = checkScript(spec.command, where, `hooks.${event}[${gi}].hooks[${hi}].command`);
        const match = matcherAt(group.matcher, where, `hooks.${event}[${gi}].matcher`);
        const onError = spec.failClosed ? 'block' : (spec.onError ?? (event === 'PreToolUse' ? 'block' : 'allow'));
        const timeoutMs = (spec.timeout ?? 60) * 1000;
        offs.push(
          bus.tap(
            event,
            {
              name: `config:${spec.command}`,
              stage: STAGE.POLICY,
              tools: event === 'PreToolUse' || event === 'PostToolUse' ? exactToolNames(group.matcher) : undefined,
              timeoutMs: timeoutMs + 2000,
              onError: onError === 'block' ? 'block' : 'continue',
            },
            async (event_) => {
              const e = event_ as unknown as Record<string, unknown>;
              if (typeof e.tool === 'string' && !match(e.tool)) return undefined;
              const run = await runHook(command, toWire(event, e), {
                cwd: where.cwd,
                configDir: where.configDir,
                timeoutMs,
                env: where.env?.(),
                sandbox: where.sandbox,
              });
              return interpret(event, run, spec.command, spec.failClosed === true) as never;
            },
          ),
        );
      }),
    );
  }
  return () => offs.forEach((off) => off());
}

/** The tool names of a plain-names matcher (`a|b`), so `quiver hooks list` can show them; undefined otherwise. */
function exactToolNames(matcher: string | undefined): string[] | undefined {
  if (!matcher || matcher === '*' || !/^[A-Za-z0-9_\-|, ]+$/.test(matcher)) return undefined;
  return matcher
    .split(/[|,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Claude Code's matcher rules: empty or `*` = all; plain names (`a|b`) = exact; else a RegExp. */
export function compileMatcher(matcher: string | undefined): (tool: string) => boolean {
  if (!matcher || matcher === '*') return () => true;
  if (/^[A-Za-z0-9_\-|, ]+$/.test(matcher)) {
    const names = new Set(
      matcher
        .split(/[|,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    );
    return (tool) => names.has(tool);
  }
  const re = new RegExp(matcher);
  return (tool) => re.test(tool);
}

function matcherAt(matcher: string | undefined, where: { configFile?: string }, key: string): (tool: string) => boolean {
  try {
    return compileMatcher(matcher);
  } catch (cause) {
    throw quiverError(
      ERROR_CODES.CONFIG_INVALID,
      `Hook matcher '${matcher}' in ${where.configFile ?? 'the config'} is not a valid regular expression: ${(cause as Error).message}. Fix it, or list tool names as 'a|b'.`,
      { file: where.configFile, key, cause },
    );
  }
}

/**
 * Check a hook's script now, and return the command line to run. A relative script path is
 * the config's (resolved from its folder) and runs by its absolute path, since hooks run in
 * the project folder. `$CLAUDE_PROJECT_DIR` / `$QUIVER_PROJECT_DIR` (Claude Code's usual
 * `"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh`) are the project folder, as when the hook runs.
 */
function checkScript(command: string, where: { cwd: string; configDir: string; configFile?: string }, key: string): string {
  const first = command.trim().split(/\s+/)[0] ?? '';
  const fail = (why: string) => {
    throw quiverError(
      ERROR_CODES.HOOK_SCRIPT,
      `Hook command '${command}' in ${where.configFile ?? 'the config'} ${why}. Fix the path or make the script executable (chmod +x).`,
      { file: where.configFile, key },
    );
  };
  const usesProjectDir = /\$\{?(CLAUDE|QUIVER)_PROJECT_DIR\}?/.test(first);
  const path = usesProjectDir ? first.replace(/["']/g, '').replace(/\$\{?(CLAUDE|QUIVER)_PROJECT_DIR\}?/g, where.cwd) : first;
  if (path.includes('/')) {
    const file = isAbsolute(path) ? path : resolve(where.configDir, path);
    if (!existsSync(file) || !statSync(file).isFile()) fail(`names '${first}', which does not exist`);
    try {
      accessSync(file, constants.X_OK);
    } catch {
      fail(`names '${first}', which is not executable`);
    }
    if (isAbsolute(path)) return command;
    return `'${file.replace(/'/g, `'\\''`)}'${command.trim().slice(first.length)}`;
  }
  const found = (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, first), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) fail(`runs '${first}', which is not on PATH`);
  return command;
}

function toWire(event: HookName, e: Record<string, unknown>): Record<string, unknown> {
  const wire: Record<string, unknown> = { session_id: e.taskId, hook_event_name: event, cwd: e.cwd };
  if (e.tool !== undefined) wire.tool_name = e.tool;
  if (e.input !== undefined) wire.tool_input = e.input;
  if (e.callId !== undefined) wire.tool_use_id = e.callId;
  if (event === 'PostToolUse') wire.tool_response = e.result;
  if (e.prompt !== undefined) wire.prompt = e.prompt;
  if (e.message !== undefined) wire.message = e.message;
  return wire;
}

/** Options of {@link runHook}. */
export interface RunHookOptions {
  cwd: string;
  configDir: string;
  timeoutMs: number;
  /** The child environment (the `core.childEnv` service's); without it, the process's environment minus the default credential patterns (SPEC C1), never the raw one. */
  env?: NodeJS.ProcessEnv;
  /** The sandbox the hook runs in; without one it runs on the host. */
  sandbox?: SandboxService;
}

/**
 * Run one hook process: JSON on stdin, bounded output, the whole group killed on time-out.
 * With a sandbox service it runs inside the sandbox (a refusal is a hook failure, so a
 * PreToolUse hook then blocks by default).
 */
export async function runHook(command: string, input: unknown, options: RunHookOptions): Promise<HookRun> {
  const env = { ...(options.env ?? buildChildEnv()), QUIVER_PROJECT_DIR: options.cwd, CLAUDE_PROJECT_DIR: options.cwd };
  let file = '/bin/sh';
  let args = ['-c', command];
  let childEnv: NodeJS.ProcessEnv = env;
  if (options.sandbox) {
    const prepared = await options.sandbox.prepare({
      command,
      cwd: options.cwd,
      purpose: 'hook',
      shell: '/bin/sh',
      env,
      readable: [options.configDir],
    });
    ({ file, args, env: childEnv } = prepared);
  }
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: childEnv,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      killGroup(child.pid);
      reject(
        quiverError(ERROR_CODES.HOOK_TIMEOUT, `Hook '${command}' did not finish within ${options.timeoutMs / 1000} s and was killed.`),
      );
    }, options.timeoutMs);
    child.stdout.on('data', (d: Buffer) => void (stdout.length < MAX_OUTPUT && (stdout += d.toString('utf8'))));
    child.stderr.on('data', (d: Buffer) => void (stderr.length < MAX_OUTPUT && (stderr += d.toString('utf8'))));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(quiverError(ERROR_CODES.HOOK_FAILED, `Hook '${command}' could not start: ${e.message}`, { cause: e }));
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolvePromise({ exitCode, stdout, stderr });
    });
    child.stdin.on('error', () => undefined); // a hook that exits without reading stdin is fine
    child.stdin.end(JSON.stringify(input));
  });
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Turn a hook's exit code and output into the tap answer for its event. Output that is not
 * valid hook JSON is never read as "no objection": a PreToolUse hook's call asks the user
 * (or, `failClosed`, is blocked); other events record an error the host reports.
 */
function interpret(event: HookName, run: HookRun, command: string, failClosed: boolean): unknown {
  if (run.exitCode === 2) {
    const reason = run.stderr.trim() || `hook '${command}' exited with code 2`;
    if (event === 'PreToolUse') return { decision: 'deny', reason } satisfies PreToolUseResult;
    if (event === 'PostToolUse') return { additionalContext: reason } satisfies PostToolUseResult;
    if (HOOK_NAMES[event] === 'parallel') return undefined;
    return { cancel: true, reason } satisfies SeriesResult;
  }
  if (run.exitCode !== 0) {
    throw quiverError(
      ERROR_CODES.HOOK_FAILED,
      `Hook '${command}' exited with code ${run.exitCode}${run.stderr.trim() ? `: ${run.stderr.trim()}` : ''}`,
    );
  }
  if (HOOK_NAMES[event] === 'parallel') return undefined;
  const out = parseHookOutput(event, run.stdout);
  if (out.kind === 'invalid') {
    const message = `Hook '${command}' printed output that is not valid hook JSON: ${out.why}.`;
    if (event === 'PreToolUse' && !failClosed) {
      return {
        decision: 'ask',
        reason: `${message} Check the call yourself (mark the hook "failClosed": true to block such calls instead).`,
      } satisfies PreToolUseResult;
    }
    throw quiverError(ERROR_CODES.HOOK_OUTPUT_INVALID, `${message} Fix the hook so it prints one JSON object, or nothing.`, {
      hook: event,
    });
  }
  const json = out.kind === 'json' ? out.json : undefined;
  const specific = json?.hookSpecificOutput ?? {};
  const context = specific.additionalContext ?? (out.kind === 'text' ? out.text : undefined);
  const stop = json?.continue === false;
  const reason = specific.permissionDecisionReason ?? json?.reason ?? json?.stopReason;
  switch (event) {
    case 'PreToolUse': {
      const legacy = json?.decision === 'block' ? 'deny' : json?.decision === 'approve' ? 'allow' : undefined;
      const decision = stop ? 'deny' : (specific.permissionDecision ?? legacy);
      return {
        decision,
        reason,
        updatedInput: specific.updatedInput,
        additionalContext: specific.additionalContext,
      } satisfies PreToolUseResult;
    }
    case 'PostToolUse':
      return {
        additionalContext: json?.decision === 'block' ? (reason ?? context) : specific.additionalContext,
        cancel: stop || undefined,
        reason,
      } satisfies PostToolUseResult;
    case 'UserPromptSubmit':
      return {
        cancel: stop || json?.decision === 'block' || undefined,
        reason,
        additionalContext: context,
      } satisfies UserPromptSubmitResult;
    default:
      return { cancel: stop || undefined, reason, additionalContext: context } satisfies SeriesResult;
  }
}
