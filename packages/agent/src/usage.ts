import type { LanguageModelUsage } from 'ai';

/** Token counts of a run, summed over its model requests. */
export interface AgentUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Model requests made. */
  requests: number;
}

/** Zero usage. */
export function emptyUsage(): AgentUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, requests: 0 };
}

/** Add one request's SDK usage to a total (missing counts are 0). */
export function addSdkUsage(total: AgentUsage, usage: LanguageModelUsage | undefined): void {
  total.requests += 1;
  if (!usage) return;
  total.inputTokens += usage.inputTokens ?? 0;
  total.outputTokens += usage.outputTokens ?? 0;
  total.cacheReadTokens += usage.inputTokenDetails?.cacheReadTokens ?? 0;
  total.cacheWriteTokens += usage.inputTokenDetails?.cacheWriteTokens ?? 0;
}

/** The sum of several usages (subagent totals). */
export function sumUsage(usages: readonly AgentUsage[]): AgentUsage {
  const total = emptyUsage();
  for (const u of usages) {
    total.inputTokens += u.inputTokens;
    total.outputTokens += u.outputTokens;
    total.cacheReadTokens += u.cacheReadTokens;
    total.cacheWriteTokens += u.cacheWriteTokens;
    total.requests += u.requests;
  }
  return total;
}
