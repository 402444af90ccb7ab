import { z } from 'zod';
import {
  buildChildEnv,
  coreServices,
  defineTool,
  type SandboxPlan,
  type ScreenedCommand,
  type TaskConfig,
  type ToolResult,
} from '@quiver/core';
import { resolveCommandTimeoutSeconds } from './command-timeout.js';
import { commandResultToToolResult } from './format-command-result.js';
import { runCommand } from './run-command.js';

/** The one-shot notification for a long auto-approved command (SPEC Part B §3 step 10). */
export const LONG_RUNNING_NOTICE = 'An auto-approved command has been running for 30s, and may need your attention.';

/** The escalation reason when the model itself asks for approval. */
export const MODEL_REQUESTED_APPROVAL = 'the model marked it as requiring approval';

const params = z.object({
  command: z.string().describe('The shell command to run. Prefix it with @name: to run it in another root of a multi-root workspace.'),
  // Only a real yes or no: "yes", "1" or a typo must not quietly mean "run it unasked".
  requires_approval: z
    .union([z.boolean(), z.string().regex(/^\s*(true|false)\s*$/i, 'must be true or false')])
    .describe(
      'true for commands with side effects the user should see first (installing or removing packages, deleting or overwriting files, system changes, network operations); false for safe ones (reading files, listing, building, running tests).',
    ),
  timeout: z
    .union([z.number(), z.string()])
    .optional()
    .describe('Seconds before the command and its child processes are killed, instead of the default.'),
  run_outside_sandbox: z
    .union([z.boolean(), z.string()])
    .optional()
    .describe(
      'true only when the command failed because of the sandbox (it needs the network, or to write outside the workspace): it then runs on the host, and the user is always asked first. Default false.',
    ),
  task_progress: z.string().optional().describe('The updated task checklist, in Markdown.'),
});

/** The parameters of `execute_command`. */
export type ExecuteCommandParams = z.infer<typeof params>;

/**
 * True when `requires_approval` asks for approval: `true`, or the string `"true"` in any
 * case. The schema admits only booleans and "true"/"false" (any case), so anything else is a
 * validation error before this runs (stricter than the baseline, where any other string
 * counted as false and the command ran unasked).
 */
export function isApprovalRequested(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/**
 * The `execute_command` tool (SPEC Part B §3, Part A): runs a shell command with a hard
 * timeout, kills the whole process tree on expiry or cancel, streams the output live and
 * returns the exit code and output. The pipeline screens `command` (R1–R9, I1–I5) and asks
 * for approval before it runs; a command the model or the destructive classifier marks as
 * risky needs the "all commands" level.
 */
/** The plugin's options, parsed once when it loads (a bad value is a config error naming the key). */
export const executeCommandOptions = z
  .object({
    /** Overrides the approval settings' `enableNotifications` when set. */
    enableNotifications: z.boolean().optional(),
    /** Notify after an auto-approved command has run this long, in milliseconds. @default 30000 */
    notifyAfterMs: z.number().nonnegative().default(30_000),
    /** The shell that runs the command. @default bash */
    shell: z.string().min(1).optional(),
    /** How long a killed process tree gets between SIGTERM and SIGKILL, in milliseconds. */
    killGraceMs: z.number().nonnegative().optional(),
  })
  .strict();

/** The parsed options of execute_command. */
export type ExecuteCommandOptions = z.output<typeof executeCommandOptions>;

export const executeCommandTool = defineTool({
  name: 'execute_command',
  description:
    'Run a shell command (bash -c) and return its exit code and output (stdout and stderr): builds, tests, git, package managers and other system operations. It runs non-interactively (no stdin) in the primary workspace root. A timeout (30 s, or 300 s for builds, installs and test runs) kills the command and every process it started, returning the output so far; background processes are killed when the command ends. Output over 500 lines is cut to its first and last 250 lines. It usually runs in a sandbox: the workspace writable, the rest read-only, no network, ignored files unreadable.',
  params,
  options: executeCommandOptions,
  command: 'command',
  approval: { category: 'command', escalate: escalateCommand, sandbox: planSandbox },
  annotations: { title: 'Run a shell command', destructive: true, openWorld: true },
  describe: (p) => `[execute_command for '${p.command ?? ''}']`,
  execute: executeCommand,
});

/**
 * The command the gates screened (its `@name:` hint split off, where it runs): what the
 * classifier, the sandbox and the shell get. Outside the pipeline, the parameter as written.
 */
function targetOf(config: TaskConfig, command: string): Pick<ScreenedCommand, 'text' | 'cwd'> {
  return config.command ?? { text: command, cwd: config.cwd };
}

/** Where the command will run (approval: sandboxed commands may be auto-approved, escapes always ask). */
async function planSandbox(config: TaskConfig, p: ExecuteCommandParams): Promise<SandboxPlan | undefined> {
  const sandbox = config.services.find(coreServices.sandbox);
  if (!sandbox) return undefined;
  const target = targetOf(config, p.command);
  return sandbox.plan({ command: target.text, screened: target, cwd: target.cwd, escape: isApprovalRequested(p.run_outside_sandbox) });
}

/** The second approval level: asked for by the model, or a command the classifier calls destructive. */
async function escalateCommand(config: TaskConfig, p: ExecuteCommandParams): Promise<string | undefined> {
  if (isApprovalRequested(p.requires_approval)) return MODEL_REQUESTED_APPROVAL;
  const target = targetOf(config, p.command);
  const verdict = await config.services.get(coreServices.commandClassifier).classify(target, target.cwd);
  if (!verdict.destructive) return undefined;
  const why = verdict.reasons.length > 0 ? verdict.reasons.join('; ') : 'it may destroy or overwrite data';
  return `the command looks destructive: ${why}`;
}

async function executeCommand(config: TaskConfig<ExecuteCommandOptions>, p: ExecuteCommandParams): Promise<ToolResult> {
  const target = targetOf(config, p.command);
  const options = config.options;
  const stopNotice = scheduleNotice(config, options);
  const sandbox = config.services.find(coreServices.sandbox);
  let notice: string | undefined;
  try {
    const wrap = sandbox
      ? async (plain: { file: string; args: string[]; env: NodeJS.ProcessEnv }) => {
          const prepared = await sandbox.prepare({
            command: target.text,
            screened: target,
            cwd: target.cwd,
            escape: isApprovalRequested(p.run_outside_sandbox),
            shell: plain.file,
            env: plain.env,
          });
          notice = prepared.plan.notice;
          return prepared;
        }
      : undefined;
    const result = await runCommand({
      command: target.text,
      cwd: target.cwd,
      timeoutSeconds: resolveCommandTimeoutSeconds(target.text, p.timeout),
      signal: config.signal,
      onOutput: (chunk, stream) => config.ui.output?.(chunk, stream),
      // SPEC C1: never the host's raw environment (its provider keys, the MCP token).
      env: config.services.find(coreServices.childEnv)?.build() ?? buildChildEnv(),
      shell: options.shell,
      killGraceMs: options.killGraceMs,
      wrap,
    });
    // The command may have changed any file, so no cached read can be trusted any more.
    config.readCache.clear();
    return commandResultToToolResult({ ...result, notice });
  } finally {
    stopNotice();
  }
}

/** Notify once if an auto-approved command is still running after a while; returns the canceller. */
function scheduleNotice(config: TaskConfig<ExecuteCommandOptions>, options: ExecuteCommandOptions): () => void {
  const enabled = options.enableNotifications ?? config.approvalSettings?.enableNotifications ?? false;
  const wanted = enabled && config.approval === 'auto' && !config.isSubagentExecution;
  if (!wanted || !config.ui.notify) return () => {};
  const timer = setTimeout(() => {
    try {
      config.ui.notify?.(LONG_RUNNING_NOTICE);
    } catch {
      // A notification is a courtesy; a failing host must not crash the task from a timer.
    }
  }, options.notifyAfterMs);
  return () => clearTimeout(timer);
}
