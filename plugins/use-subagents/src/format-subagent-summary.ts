import type { AgentUsage } from '@quiver/agent';

/** How one subagent ended. */
export interface SubagentOutcome {
  prompt: string;
  ok: boolean;
  /** The completion result, or the error. */
  text: string;
  toolCalls: number;
  usage: AgentUsage;
}

const EXCERPT = 1200;

/**
 * The aggregated result the model reads (SPEC Part B §16.12): totals, token usage, then each
 * subagent's status, prompt and result (or error), cut at 1,200 characters.
 */
export function formatSubagentSummary(outcomes: readonly SubagentOutcome[], usage: AgentUsage): string {
  const ok = outcomes.filter((o) => o.ok).length;
  const lines = [
    'Subagent results:',
    `Total: ${outcomes.length}`,
    `Succeeded: ${ok}`,
    `Failed: ${outcomes.length - ok}`,
    `Tool calls: ${outcomes.reduce((n, o) => n + o.toolCalls, 0)}`,
    `Usage: ${usage.inputTokens} tokens in, ${usage.outputTokens} tokens out, ${usage.cacheReadTokens} cache reads, ${usage.cacheWriteTokens} cache writes, ${usage.requests} requests`,
  ];
  outcomes.forEach((o, i) => {
    lines.push('', `[${i + 1}] ${o.ok ? 'COMPLETED' : 'FAILED'} - ${oneLine(o.prompt)}`, excerpt(o.ok ? o.text : `Error: ${o.text}`));
  });
  return lines.join('\n');
}

function excerpt(text: string): string {
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}...` : text;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}
