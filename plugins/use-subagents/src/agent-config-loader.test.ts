import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@quiver/core';
import { loadAgentConfigs, parseAgentConfig } from './agent-config-loader.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiver-agents-'));
  await mkdir(join(dir, 'agents'));
  await writeFile(
    join(dir, 'agents/code-reviewer.yaml'),
    '---\nname: code-reviewer\ndescription: Reviews code changes\ntools: read_file, list_files, search_files\nmodel: claude-haiku\n---\nYou review code.\nBe strict.\n',
  );
  await writeFile(join(dir, 'agents/bad-tool.yml'), '---\nname: bad\ndescription: x\ntools: [read_file, NotARealTool]\n---\nbody\n');
  await writeFile(join(dir, 'agents/plain.yaml'), 'name: Planner\ndescription: Plans work\nprompt: |\n  You plan.\n');
  await writeFile(join(dir, 'agents/notes.md'), 'not an agent');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loadAgentConfigs', () => {
  it('parses frontmatter configs and plain YAML ones; skips bad files with the reason', async () => {
    const { agents, errors } = await loadAgentConfigs(join(dir, 'agents'));
    expect(agents.map((a) => a.name)).toEqual(['code-reviewer', 'Planner']);
    expect(agents[0]).toMatchObject({
      description: 'Reviews code changes',
      tools: ['read_file', 'list_files', 'search_files', 'attempt_completion'],
      modelId: 'claude-haiku',
      prompt: 'You review code.\nBe strict.',
    });
    expect(agents[1]).toMatchObject({ prompt: 'You plan.' });
    expect(agents[1].tools).toBeUndefined();
    expect(errors).toEqual([{ file: join(dir, 'agents/bad-tool.yml'), message: expect.stringMatching(/Unknown tool 'NotARealTool'/) }]);
  });

  it('a missing folder is no agents', async () => {
    expect(await loadAgentConfigs(join(dir, 'nowhere'))).toEqual({ agents: [], errors: [] });
  });

  it('refuses a config without name or description, or with bad YAML', () => {
    expect(() => parseAgentConfig('---\ndescription: x\n---\n', 'a.yaml')).toThrow("a.yaml: 'name' is missing");
    expect(() => parseAgentConfig('---\nname: x\n---\n', 'a.yaml')).toThrow("'description' is missing");
    expect(() => parseAgentConfig('---\nname: [x\n---\n', 'a.yaml')).toThrow('not valid YAML');
    expect(() => parseAgentConfig('---\nname: x\ndescription: y\ntools: 3\n---\n', 'a.yaml')).toThrow("'tools' must be a list");
    expect(() => parseAgentConfig('---\nname: x\ndescription: y\ntools: [rm_rf]\n---\n', 'a.yaml')).toThrow(
      expect.objectContaining({ code: ERROR_CODES.CONFIG_INVALID, file: 'a.yaml', key: 'tools' }),
    );
  });
});
