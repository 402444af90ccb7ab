import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, SUBAGENT_SYSTEM_SUFFIX } from './index.js';

const tools = [
  { name: 'read_file', description: 'Read a file.\nMore detail the model gets in the schema.' },
  { name: 'attempt_completion', description: 'Finish the task.' },
];

describe('buildSystemPrompt', () => {
  it('gives the rules and the environment, and does not repeat the tools (their definitions go with the request)', () => {
    const prompt = buildSystemPrompt({ tools, cwd: '/repo' });
    expect(prompt).not.toContain('Read a file.');
    expect(prompt).not.toContain('Finish the task.');
    expect(prompt).toContain('call attempt_completion with the final result');
    expect(prompt).toContain('Primary workspace root: /repo');
  });

  it('leaves out the completion rule when attempt_completion is not offered, and lists several roots', () => {
    const prompt = buildSystemPrompt({ tools: tools.slice(0, 1), cwd: '/a', roots: [{ name: 'a', path: '/a' }, { path: '/b' }] });
    expect(prompt).not.toContain('call attempt_completion');
    expect(prompt).toContain('Workspace roots:\n- a: /a\n- /b');
  });

  it('takes a role and appended sections (a subagent profile)', () => {
    const prompt = buildSystemPrompt({
      tools,
      cwd: '/repo',
      role: 'You review code.',
      append: ['# Agent Profile\nreviewer', SUBAGENT_SYSTEM_SUFFIX],
    });
    expect(prompt.startsWith('You review code.')).toBe(true);
    expect(prompt).toContain('# Agent Profile');
    expect(prompt.endsWith(SUBAGENT_SYSTEM_SUFFIX)).toBe(true);
  });
});
