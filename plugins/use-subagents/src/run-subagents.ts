import { agentServices, runAgentLoop, SUBAGENT_SYSTEM_SUFFIX, sumUsage, emptyUsage, type AgentUsage } from '@quiver/agent';
import { errorResult, textResult, type HostUi, type TaskConfig, type ToolResult } from '@quiver/core';
import type { Host } from '@quiver/core/host';
import type { AgentConfig } from './agent-config-loader.js';
import { DEFAULT_SUBAGENT_MAX_TURNS } from './subagent-limits.js';
import { formatSubagentSummary, type SubagentOutcome } from './format-subagent-summary.js';
import { DEFAULT_SUBAGENT_TOOLS } from './subagent-tool-names.js';
import { AGENT_ERRORS } from '@quiver/agent';
import type { SubagentOptions } from './subagent-options.js';

/** Turns in a row without a tool call before a subagent fails (SPEC Part B §16.12: more than 3). */
const MAX_EMPTY_TURNS = 3;

/** A subagent's UI: nothing to show, nobody to ask. Core replaces `approve` with a refusal for every subagent task (S1). */
const SILENT_UI: HostUi = { say: () => undefined, ask: async () => ({ response: 'no' }), approve: async () => ({ approved: true }) };

/** The plugin options that shape subagent runs. */

/**
 * Run subtasks in parallel, each a task with `isSubagentExecution` on the same host and model,
 * capped at `maxTurns` model requests, and aggregate their outcomes into one result.
 */
export async function runSubagents(config: TaskConfig<SubagentOptions>, prompts: string[], agent?: AgentConfig): Promise<ToolResult> {
  const model = config.services.find(agentServices.model);
  const host = config.services.find(agentServices.host);
  if (!model || !host) {
    return errorResult(
      'use_subagents needs a model: run inside `quiver run` (or a host that provides agentServices.model and agentServices.host from @quiver/agent). Continue the task without subagents.',
      AGENT_ERRORS.AGENT_MODEL_MISSING,
      'keep',
    );
  }
  const options = config.options;
  const languageModel = agent?.modelId && model.withModelId ? model.withModelId(agent.modelId) : model.languageModel;
  let finished = 0;
  const runOne = async (prompt: string, index: number): Promise<SubagentOutcome> => {
    await config.ui.say('subagent', `Subagent ${index + 1}/${prompts.length} started: ${prompt}`, { index, status: 'running', prompt });
    const outcome = await runOneSubagent(config, host, languageModel, prompt, agent, options);
    finished++;
    await config.ui.say(
      'subagent',
      `Subagent ${index + 1}/${prompts.length} ${outcome.ok ? 'completed' : 'failed'} (${finished}/${prompts.length} done)`,
      {
        index,
        status: outcome.ok ? 'completed' : 'failed',
        prompt,
        toolCalls: outcome.toolCalls,
      },
    );
    return outcome;
  };
  const outcomes = await Promise.all(prompts.map(runOne));
  const usage = sumUsage(outcomes.map((o) => o.usage));
  await config.ui.say('subagent_usage', usageLine(usage), {
    source: 'subagents',
    tokensIn: usage.inputTokens,
    tokensOut: usage.outputTokens,
    cacheWrites: usage.cacheWriteTokens,
    cacheReads: usage.cacheReadTokens,
  });
  if (config.signal.aborted) return errorResult('Subagent run cancelled.', AGENT_ERRORS.AGENT_ABORTED, 'keep');
  return textResult(formatSubagentSummary(outcomes, usage));
}

async function runOneSubagent(
  config: TaskConfig,
  host: Host,
  languageModel: unknown,
  prompt: string,
  agent: AgentConfig | undefined,
  options: SubagentOptions,
): Promise<SubagentOutcome> {
  try {
    const run = await runAgentLoop({
      host,
      model: languageModel as Parameters<typeof runAgentLoop>[0]['model'],
      prompt,
      role: agent?.prompt || undefined,
      systemAppend: [profile(agent), SUBAGENT_SYSTEM_SUFFIX],
      tools: agent?.tools ?? options.tools ?? [...DEFAULT_SUBAGENT_TOOLS],
      excludeTools: ['use_subagents'],
      maxTurns: options.maxTurns ?? DEFAULT_SUBAGENT_MAX_TURNS,
      maxEmptyTurns: MAX_EMPTY_TURNS,
      onMistakeLimit: 'stop',
      taskOptions: { isSubagent: true, ui: SILENT_UI, cwd: config.cwd },
      signal: config.signal,
    });
    const ok = run.status === 'completed';
    return { prompt, ok, text: ok ? (run.result ?? '') : (run.error?.message ?? run.status), toolCalls: run.toolCalls, usage: run.usage };
  } catch (e) {
    return { prompt, ok: false, text: e instanceof Error ? e.message : String(e), toolCalls: 0, usage: emptyUsage() };
  }
}

function profile(agent: AgentConfig | undefined): string {
  if (!agent) return '# Agent Profile\n\nName: research subagent\nRole: answer one focused question about the workspace, read-only.';
  return `# Agent Profile\n\nName: ${agent.name}\nRole: ${agent.description}`;
}

function usageLine(u: AgentUsage): string {
  return `Subagents used ${u.inputTokens} input and ${u.outputTokens} output tokens in ${u.requests} requests.`;
}
