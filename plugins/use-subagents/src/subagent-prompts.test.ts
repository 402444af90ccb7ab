import { describe, expect, it } from 'vitest';
import { emptyUsage } from '@quiver/agent';
import { formatSubagentSummary } from './format-subagent-summary.js';
import { normalizePrompts } from './subagent-prompts.js';

describe('normalizePrompts', () => {
  it('takes an array, a JSON array string, or one plain prompt; trims and drops blanks', () => {
    expect(normalizePrompts([' a ', '', 'b'])).toEqual(['a', 'b']);
    expect(normalizePrompts('["x", "  ", "y"]')).toEqual(['x', 'y']);
    expect(normalizePrompts('find the config loader')).toEqual(['find the config loader']);
    expect(normalizePrompts('[not json')).toEqual(['[not json']);
    expect(normalizePrompts(undefined)).toEqual([]);
    expect(normalizePrompts('   ')).toEqual([]);
  });
});

describe('formatSubagentSummary', () => {
  it('totals, usage, then each subagent with its excerpt', () => {
    const usage = { ...emptyUsage(), inputTokens: 6, outputTokens: 9, requests: 3 };
    const text = formatSubagentSummary(
      [
        { prompt: 'one', ok: true, text: 'r'.repeat(1300), toolCalls: 2, usage },
        { prompt: 'two\nlines', ok: false, text: 'boom', toolCalls: 1, usage },
      ],
      usage,
    );
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual(['Subagent results:', 'Total: 2', 'Succeeded: 1', 'Failed: 1', 'Tool calls: 3']);
    expect(lines[5]).toBe('Usage: 6 tokens in, 9 tokens out, 0 cache reads, 0 cache writes, 3 requests');
    expect(text).toContain(`[1] COMPLETED - one\n${'r'.repeat(1200)}...`);
    expect(text).toContain('[2] FAILED - two lines\nError: boom');
  });
});
