import { provideAgentServices, runAgentLoop, DEFAULT_MAX_TURNS, type AgentLoopResult, type AgentLoopUi } from '@quiver/agent';
import { existsSync } from 'node:fs';
import { escapeTerminal, type HostCapabilities } from '@quiver/core/host';
import { CHROMIUM_CANDIDATES, CHROMIUM_ENV } from '@quiver/tool-browser-action';
import { modelConfigSection, type Runtime } from '@quiver/runtime';
import { mcpServersConfigSection } from '@quiver/mcp-hub/config-section';
import { loadAgentToolsPlugin } from '@quiver/tool-use-subagents';
import { commonOptions, parse } from '../args.js';
import { openRuntime } from '../open-runtime.js';
import { createModel, resolveModelSettings, type ModelSettings } from '../run/provider.js';
import { createRunUi } from '../run/run-ui.js';
import { colorsFor, type Colors } from '../screen/colors.js';
import { createInterrupts, INTERRUPTED_EXIT } from '../screen/interrupts.js';
import { createSpinner } from '../screen/spinner.js';
import { openSession, sessionToResume } from '../run/run-session.js';
import { runToolSupport } from '../run/run-tool-support.js';
import { createTerminalUi, type TerminalUi } from '../terminal-ui.js';
import { usageError } from '../usage-error.js';
import { help } from './tools.js';

const USAGE =
  'quiver run "<task>" [--provider anthropic|openai|openai-compatible] [--model ID] [--base-url URL] [--api-key-env VAR] ' +
  '[--max-turns N] [--max-retries N] [--yes] [--json] [--no-session] [--verbose] [--cwd DIR] [--config FILE]\n       quiver run --resume [SESSION] ["<more instructions>"]';

const DETAILS = `Run an agent on a model provider: the model gets the configured tools, its tool calls go through
the whole pipeline, and the loop ends when it calls attempt_completion.
  "<task>"               the task as one quoted argument ('-' reads it from stdin)
  --provider P --model M anthropic (ANTHROPIC_API_KEY), openai (OPENAI_API_KEY) or
                         openai-compatible (needs --base-url); or the config's "model" entry
  --base-url URL         an OpenAI-compatible server (Ollama, LM Studio, vLLM) or a proxy
  --api-key-env VAR      read the key from another environment variable
  --max-turns N          cap the model requests (default 50); --max-retries N per request
  --yes, -y              approve what would be asked; the gates still apply
  --json                 print only a JSON summary on stdout
  --resume [SESSION]     continue a saved conversation (the newest, or SESSION) after a provider
                         failure, Ctrl-C or a crash; sessions are saved as they go in
                         .quiver/sessions/<id>.jsonl
  --no-session           save nothing (model.saveSessions: false in the config does the same);
                         a run cannot be resumed then
At a prompt: Ctrl-C cancels the task (a second Ctrl-C quits at once), Ctrl-D denies; an
approval answered with text instead of y/n is denied with that text as the reason.
The model's text goes to stdout, tool calls and notices to stderr.
Exit codes: 0 completed, 1 stopped otherwise, 2 usage, config or missing key, 130 Ctrl-C.
Example: quiver run "add a test for src/a.ts" --provider anthropic --model claude-sonnet-4-5`;

const OPTIONS = {
  ...commonOptions,
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-env': { type: 'string' },
  'max-turns': { type: 'string' },
  'max-retries': { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  verbose: { type: 'boolean' },
  resume: { type: 'boolean' },
  'no-session': { type: 'boolean' },
} as const;

/**
 * `quiver run "<task>"`: an agent loop on a model provider. The model's tool calls go through
 * the whole pipeline; assistant text goes to stdout, tool activity to stderr; `--json` prints a
 * final summary instead. Exit 0 when attempt_completion ended the task, 1 when it stopped
 * otherwise (a provider error, the mistake or turn limit, a hook), 130 on Ctrl-C, 2 for usage,
 * config and missing-key errors.
 */
export async function runCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, USAGE);
  if (values.help) return help(USAGE, DETAILS);
  const resume = values.resume ?? false;
  const typed = resume ? undefined : await readPrompt(positionals);
  const maxTurns = count(values['max-turns'], '--max-turns', 1);
  const maxRetries = count(values['max-retries'], '--max-retries', 0);
  const json = values.json ?? false;
  // Spinners, colour and live output only on a terminal, never in --json mode (machine-readable).
  const live = !json && Boolean(process.stderr.isTTY);
  const colors = colorsFor(process.stderr, process.env, json);
  const spinner = createSpinner({ enabled: live });
  const interrupts = createInterrupts({ say: (text) => (spinner.stop(), process.stderr.write(`\nquiver: ${text}\n`)) });
  const ui = createTerminalUi({
    yes: values.yes ?? false,
    verbose: values.verbose,
    streamOutput: live,
    editSummaries: !json,
    colors,
    onInterrupt: interrupts.interrupt,
    beforeWrite: () => spinner.stop(),
  });
  spinner.start('starting');
  let runtime: Runtime;
  try {
    runtime = await openRuntime(values, ui);
  } catch (e) {
    spinner.stop();
    interrupts.dispose();
    throw e;
  }
  try {
    const settings = resolveModelSettings(modelConfigSection.of(runtime.config), {
      provider: values.provider,
      model: values.model,
      baseUrl: values['base-url'],
      apiKeyEnv: values['api-key-env'],
    });
    const { model, agentModel } = createModel(settings);
    setSdkWarnings(values.verbose ?? false);
    provideAgentServices(runtime.host, agentModel);
    // generate_explanation writes comments into an editor's diff view: the baseline leaves it out of its CLI too (SPEC §16.10).
    const warn = (text: string) => (spinner.stop(), process.stderr.write(`quiver: ${text}\n`));
    const support = await runToolSupport(runtime, warn);
    const excludeTools = [...(await addAgentTools(runtime)), 'generate_explanation', ...support.exclude];
    const root = runtime.workspace.primary.path;
    const resumed = resume ? sessionToResume(root, positionals) : undefined;
    const prompt = resumed ? (resumed.prompt ?? '') : typed!;
    const save = !values['no-session'] && modelConfigSection.of(runtime.config)?.saveSessions !== false;
    const session = save
      ? openSession(root, { resumed: resumed?.saved, prompt, model: { provider: settings.provider, model: settings.model }, warn })
      : undefined;
    spinner.stop();
    const loopUi = createRunUi({ json, verbose: values.verbose ?? false, colors, spinner });
    const outcome = await runAgentLoop({
      runtime,
      model,
      prompt,
      resume: resumed?.saved.messages,
      maxTurns: maxTurns ?? settings.maxTurns ?? DEFAULT_MAX_TURNS,
      maxRetries,
      excludeTools,
      systemAppend: support.systemAppend,
      capabilities: runCapabilities(runtime),
      ui: withOutputEnd({ ...loopUi, messages: (added) => session?.append(added) }, ui),
      signal: interrupts.signal,
    });
    spinner.stop();
    session?.end(outcome.status);
    report(outcome, settings, json, { ui, session: session?.id, colors });
    return outcome.status === 'completed' ? 0 : outcome.status === 'aborted' ? INTERRUPTED_EXIT : 1;
  } finally {
    spinner.stop();
    interrupts.dispose();
    await runtime.dispose();
  }
}

/**
 * What `quiver run` has for tools that require it: MCP servers when one configured server is
 * not disabled, a browser when Chromium is named ($QUIVER_CHROMIUM) or installed where
 * browser_action looks. Tools needing what is missing are not offered (a shorter prefix).
 */
function runCapabilities(runtime: Runtime): HostCapabilities {
  const servers = Object.values(mcpServersConfigSection.of(runtime.config) ?? {}).some((s) => s.disabled !== true);
  const browser = Boolean(process.env[CHROMIUM_ENV]) || CHROMIUM_CANDIDATES.some((p) => existsSync(p));
  return { model: true, mcpServers: servers, browser };
}

/** The live "running" line under a command's output is erased before the call's outcome is shown. */
function withOutputEnd(loopUi: AgentLoopUi, ui: TerminalUi): AgentLoopUi {
  return {
    ...loopUi,
    toolResult(call, result) {
      ui.endOutput();
      loopUi.toolResult?.(call, result);
    },
  };
}

async function readPrompt(positionals: string[]): Promise<string> {
  if (positionals.length > 1) throw usageError(`Give the task as one argument (quote it).\nUsage: ${USAGE}`);
  const [task] = positionals;
  const text = task === '-' ? await readStdin() : task;
  if (!text?.trim()) throw usageError(`Missing the task.\nUsage: ${USAGE}`);
  return text.trim();
}

function count(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min) throw usageError(`${flag} takes a whole number of at least ${min}, not '${value}'.`);
  return n;
}

/** `.quiver/agents/*.yaml` become use_subagent_<slug> tools, offered instead of use_subagents. */
async function addAgentTools(runtime: Runtime): Promise<string[]> {
  if (!runtime.host.registry.names().includes('use_subagents')) return [];
  const agents = await loadAgentToolsPlugin(runtime.workspace.primary.path, runtime.host.registry.names());
  for (const e of agents.errors) process.stderr.write(`quiver: skipped agent config ${e.message}\n`);
  if (!agents.plugin) return [];
  runtime.host.registry.addPlugin(agents.plugin);
  return ['use_subagents'];
}

function report(
  outcome: AgentLoopResult,
  settings: ModelSettings,
  json: boolean,
  ctx: { ui: TerminalUi; session?: string; colors: Colors },
): void {
  if (json) {
    const { messages: _messages, text: _text, ...summary } = outcome;
    process.stdout.write(
      `${JSON.stringify({ ...summary, model: { provider: settings.provider, model: settings.model }, ...(ctx.session ? { session: ctx.session } : {}) })}\n`,
    );
    return;
  }
  const c = ctx.colors;
  if (outcome.status === 'completed') {
    // Shown at the completion prompt already (on a terminal): not a second time.
    if (!ctx.ui.showedCompletion(outcome.result ?? '')) process.stdout.write(`\n${escapeTerminal(outcome.result ?? '')}\n`);
    if (outcome.command) process.stderr.write(`quiver: to see the result: ${escapeTerminal(outcome.command, { multiline: false })}\n`);
  } else {
    process.stderr.write(
      `quiver: ${c.red(escapeTerminal(outcome.error?.message ?? outcome.status))} [${outcome.error?.code ?? outcome.status}]\n`,
    );
    if (ctx.session) process.stderr.write(`quiver: the conversation is saved; continue it with: quiver run --resume ${ctx.session}\n`);
  }
  const u = outcome.usage;
  const cached = u.cacheReadTokens ? `, ${u.cacheReadTokens} from cache` : '';
  process.stderr.write(
    c.dim(
      `quiver: ${plural(outcome.turns, 'model request')}, ${plural(outcome.toolCalls, 'tool call')}, ${u.inputTokens} tokens in${cached}, ${u.outputTokens} out\n`,
    ),
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The SDK's warnings (unknown model ids, unsupported settings) only with --verbose. */
function setSdkWarnings(verbose: boolean): void {
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = verbose
    ? ({ warnings }: { warnings: unknown[] }) =>
        warnings.forEach((w) => process.stderr.write(`quiver: model warning: ${JSON.stringify(w)}\n`))
    : false;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
