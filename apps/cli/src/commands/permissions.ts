import { resolve } from 'node:path';
import type { GateDecision, HostUi, SandboxPlan } from '@quiver/core';
import { loadConfig, type CheckOutcome } from '@quiver/core/host';
import { checkCliConfigKeys, openRuntime } from '../open-runtime.js';
import { decideTrust } from '../trust/decide-trust.js';
import { openSandbox } from '../open-sandbox.js';
import { createCommandPermissions, explainDecision, resolveCommandPermissionsConfig } from '@quiver/shell';
import { parse, commonOptions, noExtraArguments, workingDir } from '../args.js';
import { CLI_PRESETS } from '../default-preset.js';
import { usageError } from '../usage-error.js';
import { subcommand } from './subcommand.js';
import { help } from './tools.js';
import { HOST_CONFIG_SECTIONS } from '@quiver/runtime';

const USAGE =
  'quiver permissions check "<command>" | - [--allow PATTERN]... [--deny PATTERN]... [--allow-redirects] [--json] [--cwd DIR] [--config FILE]';

const DETAILS = `Explain what execute_command's gates decide for a command: the command permissions (R1-R9:
every segment, including pipes, && chains and $(...) substitutions, against the allow and deny
patterns), then the ignore screen (I1-I5) when the workspace has ignore rules, then where it
would run (inside the OS sandbox, on the host, or refused; 'quiver sandbox check' says what the
sandbox allows), and whether approval would ask (execute_command's whole pipeline up to
approval, without running anything, for a command the model marks safe; not with --allow/--deny).
  "<command>"         the command as one quoted argument ('-' reads it from stdin)
  --allow PATTERN     try an allow pattern (repeatable) instead of the config's commandPermissions
  --deny PATTERN      try a deny pattern (repeatable), likewise
  --allow-redirects   with --allow/--deny: permit redirects to and from files
  --json              print the decision as JSON (allowed, rule, segment, message, segments, ignore)
Without commandPermissions (in the config, QUIVER_COMMAND_PERMISSIONS, or the flags) every
command passes this gate and only approval applies.
Exit codes: 0 allowed, 1 denied, 2 usage or config error.
Example: quiver permissions check "git status && curl x | sh" --allow 'git *'`;

const OPTIONS = {
  ...commonOptions,
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  'allow-redirects': { type: 'boolean' },
} as const;

/**
 * `quiver permissions check`: explain a command-permission decision (R1–R9), and the ignore
 * screen (I1–I5) when the working directory has ignore rules. Exit 0 allowed, 1 denied.
 */
export async function permissionsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, USAGE);
  if (values.help) return help(USAGE, DETAILS);
  subcommand('permissions', positionals, ['check'], USAGE);
  if (positionals.length < 2) throw usageError(`Missing the command to check.\nUsage: ${USAGE}`);
  noExtraArguments(positionals, 2, USAGE, 'Quote the whole command as one argument: quiver permissions check "git push origin main".');
  const cwd = workingDir(values);
  const command = positionals[1] === '-' ? await readStdin() : positionals[1];
  const loaded = await loadConfig({
    cwd,
    file: values.config,
    presets: CLI_PRESETS,
    trusted: await decideTrust(values, { prompt: false }),
    sections: HOST_CONFIG_SECTIONS,
    deferUnknownKeys: true,
  });
  await checkCliConfigKeys(loaded);
  const permissions = createCommandPermissions(permissionsConfig(values, loaded.config.commandPermissions));
  const decision = await permissions.check(command);
  // The ignore screen (I1–I5) runs in addition to R1–R9, as execute_command's gates do.
  const { screen, plan } = await screenAndSandbox(command, cwd, loaded, decision.allowed);
  const allowed = decision.allowed && (screen?.allowed ?? true);
  // The flags try rules the runtime does not have, so approval is judged on the config's only.
  const approval = allowed && !values.allow && !values.deny ? await approvalOf(command, values) : undefined;
  const denial = !decision.allowed ? decision : screen && !screen.allowed ? screen : undefined;
  if (values.json) {
    const out = {
      command,
      allowed,
      reason: screen && !screen.allowed ? 'ignored_path' : decision.reason,
      rule: denial?.rule ?? null,
      pattern: decision.pattern ?? null,
      segment: !decision.allowed ? (decision.segment ?? null) : (screen?.subject ?? null),
      message:
        screen && !screen.allowed
          ? `Command "${command}" names a path blocked by the ignore rules (rule ${screen.rule}): ${screen.reason ?? screen.subject}`
          : decision.message,
      segments: decision.segments,
      ignore: screen
        ? { allowed: screen.allowed, rule: screen.rule ?? null, subject: screen.subject ?? null, reason: screen.reason ?? null }
        : null,
      sandbox: {
        mode: plan.mode,
        sandboxed: plan.sandboxed,
        network: plan.network,
        host: plan.hostReason ?? null,
        refused: plan.refusal ?? null,
      },
      approval: approval ? approvalJson(approval) : null,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } else {
    process.stdout.write(`${explainDecision(decision)}\n`);
    if (screen) {
      process.stdout.write(
        screen.allowed
          ? 'Ignore screen (I1–I5): no ignored path named.\n'
          : `Ignore screen (I1–I5): DENIED by ${screen.rule}: ${screen.reason ?? screen.subject}\nVerdict: DENIED\n`,
      );
    }
    if (allowed) process.stdout.write(`${sandboxLine(plan)}\n`);
    if (approval) process.stdout.write(`${approvalLine(approval)}\n`);
  }
  return allowed ? 0 : 1;
}

/**
 * The rules to judge by: `--allow`/`--deny` (and `--allow-redirects`) when given, which win
 * over the config and the QUIVER_COMMAND_PERMISSIONS override; else what execute_command uses.
 */
function permissionsConfig(flags: { allow?: string[]; deny?: string[]; 'allow-redirects'?: boolean }, fromConfig: unknown) {
  if (!flags.allow && !flags.deny) {
    if (flags['allow-redirects']) throw usageError(`--allow-redirects goes with --allow or --deny.\nUsage: ${USAGE}`);
    return resolveCommandPermissionsConfig(fromConfig);
  }
  return resolveCommandPermissionsConfig({ allow: flags.allow, deny: flags.deny, allowRedirects: flags['allow-redirects'] }, {});
}

/** I1–I5 (the ignore screen) and where the command would run (the sandbox), from the workspace the config (or the cwd) names. */
async function screenAndSandbox(
  command: string,
  cwd: string,
  loaded: Awaited<ReturnType<typeof loadConfig>>,
  screened: boolean,
): Promise<{ screen?: GateDecision; plan: SandboxPlan }> {
  const opened = await openSandbox(cwd, loaded);
  try {
    const screen = screened ? await opened.ignore.checkCommand(command, resolve(cwd)) : undefined;
    return { screen, plan: await opened.sandbox.plan({ command, cwd: resolve(cwd) }) };
  } finally {
    await opened.close();
  }
}

/** A UI nobody sees: the check shows and asks nothing. */
const SILENT: HostUi = { say: () => undefined, ask: async () => ({ response: 'no' }), approve: async () => ({ approved: false }) };

/**
 * What execute_command's pipeline would decide up to approval (task.check: nothing runs), for
 * the command marked safe by the model (`requires_approval: false`, the most it can ask for).
 */
async function approvalOf(command: string, flags: { cwd?: string; config?: string; trust?: boolean }): Promise<CheckOutcome> {
  const runtime = await openRuntime(flags, SILENT, { promptTrust: false });
  const task = runtime.createTask();
  try {
    return await task.check('execute_command', { command, requires_approval: false });
  } finally {
    await task.dispose();
    await runtime.dispose();
  }
}

function approvalJson(outcome: CheckOutcome): Record<string, unknown> {
  if (outcome.kind === 'ask') return { kind: 'ask', reason: outcome.request.reason, setting: outcome.request.setting ?? null };
  if (outcome.kind === 'auto') return { kind: 'auto', reason: null, setting: null };
  return {
    kind: 'refused',
    reason: outcome.result.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n'),
    code: outcome.result.code ?? null,
    setting: null,
  };
}

/** One line on approval. */
function approvalLine(outcome: CheckOutcome): string {
  if (outcome.kind === 'auto') return 'Approval: automatic (the approval settings allow it without asking).';
  if (outcome.kind === 'ask')
    return `Approval: asks first (${outcome.request.reason}${outcome.request.setting ? `; ${outcome.request.setting}: true would allow it` : ''}).`;
  return `Approval: not reached; execute_command refuses it first (${outcome.result.code ?? 'error'}).`;
}

/** One line on where the command would run. */
function sandboxLine(plan: SandboxPlan): string {
  if (plan.refusal) return `Sandbox: REFUSED, nothing would run. ${plan.refusal}`;
  if (plan.sandboxed)
    return `Sandbox: runs inside ${plan.mode} (network ${plan.network}); see 'quiver sandbox check' for what that allows.`;
  if (plan.hostReason === 'excluded') return 'Sandbox: runs on the host (sandbox.excludedCommands), and always asks first.';
  if (plan.hostReason === 'unavailable') return `Sandbox: unavailable, runs UNSANDBOXED. ${plan.notice ?? ''}`.trim();
  return 'Sandbox: off (sandbox.mode: "off"); the command screen is all that applies.';
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // The command is taken byte for byte; only one trailing newline (from echo or a heredoc) is dropped.
  return Buffer.concat(chunks).toString('utf8').replace(/\n$/, '');
}
