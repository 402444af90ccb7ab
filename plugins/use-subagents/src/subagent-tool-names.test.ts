import { describe, expect, it } from 'vitest';
import { agentToolName } from './subagent-tool-names.js';

describe('agentToolName (SPEC Part B §16.x.9)', () => {
  it('slugs names and numbers collisions', () => {
    const taken = new Set<string>();
    expect(agentToolName('code reviewer', taken)).toBe('use_subagent_code_reviewer');
    expect(agentToolName('Code-Reviewer!!', taken)).toBe('use_subagent_code_reviewer_2');
    expect(agentToolName('CODE_reviewer', taken)).toBe('use_subagent_code_reviewer_3');
  });

  it('a name with nothing usable becomes "agent"', () => {
    expect(agentToolName('日本語', new Set())).toBe('use_subagent_agent');
    expect(agentToolName('!!!', new Set())).toBe('use_subagent_agent');
  });

  it('long names are cut to 64 characters with a 6-character FNV-1a hash', () => {
    const name = agentToolName('a'.repeat(60), new Set());
    expect(name).toBe(`use_subagent_${'a'.repeat(44)}_14plte`);
    expect(name).toHaveLength(64);
    const taken = new Set([name]);
    const second = agentToolName('a'.repeat(60), taken);
    expect(second).toHaveLength(64);
    expect(second.endsWith('_2')).toBe(true);
  });
});
