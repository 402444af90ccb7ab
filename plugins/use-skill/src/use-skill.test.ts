import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import useSkill from './index.js';

let h: TestHarness;
afterEach(async () => h?.dispose());

const skill = (name: string, description: string, body: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`;

/** A harness whose global skill folder is a temp folder beside the workspace, not the real ~. */
async function setup(files: Record<string, string>, options: Record<string, unknown> = {}) {
  h = await createTestHarness({ plugins: [{ plugin: useSkill, options: { globalSkillDirs: [], ...options } }], files });
  return h;
}

describe('use_skill through the pipeline', () => {
  it('returns the trimmed instructions with the skill folder, without approval', async () => {
    await setup({
      '.quiver/skills/deploy/SKILL.md': skill('deploy', 'Ship a release', '  1. Run make.\n2. Tag it.  '),
      '.quiver/skills/deploy/run.sh': 'make',
    });
    const r = await h.call('use_skill', { skill_name: 'deploy' });
    expect(r.isError).toBe(false);
    expect(h.text(r)).toBe(
      '# Skill "deploy" is now active\n\n1. Run make.\n2. Tag it.\n\n---\n' +
        `IMPORTANT: The skill is now loaded. Do NOT call use_skill again for this task; follow the instructions above. You may access other files in the skill directory at: ${h.path('.quiver/skills/deploy')}/`,
    );
    expect(h.approvals).toEqual([]);
    expect(h.said).toContainEqual({
      type: 'skill',
      text: 'deploy',
      data: { path: h.path('.quiver/skills/deploy/SKILL.md'), description: 'Ship a release' },
    });
  });

  it('loads from .claude/skills too', async () => {
    await setup({ '.claude/skills/review/SKILL.md': skill('review', 'Review a PR', 'Read the diff.') });
    expect(h.text(await h.call('use_skill', { skill_name: 'review' }))).toContain('Read the diff.');
  });

  it('a global skill beats the project one', async () => {
    const global = await mkdtemp(join(tmpdir(), 'quiver-global-skills-'));
    try {
      await mkdir(join(global, 'deploy'));
      await writeFile(join(global, 'deploy', 'SKILL.md'), skill('deploy', 'global', 'global way'));
      await setup({ '.quiver/skills/deploy/SKILL.md': skill('deploy', 'project', 'project way') }, { globalSkillDirs: [global] });
      expect(h.text(await h.call('use_skill', { skill_name: 'deploy' }))).toContain('global way');
    } finally {
      await rm(global, { recursive: true, force: true });
    }
  });

  it('a config skill is active without a folder line', async () => {
    await setup({}, { skills: [{ name: 'style', description: 'House style', instructions: 'Use tabs.' }] });
    const text = h.text(await h.call('use_skill', { skill_name: 'style' }));
    expect(text).toContain('Use tabs.');
    expect(text).not.toContain('skill directory');
  });

  it('an unknown name is an error listing the available skills', async () => {
    await setup({ '.quiver/skills/a/SKILL.md': skill('a', 'd', 'x'), '.quiver/skills/b/SKILL.md': skill('b', 'd', 'x') });
    const r = await h.call('use_skill', { skill_name: 'c' });
    expect(r.isError).toBe(true);
    expect(r.code).toBe('QUIVER_ERR_PARAM_INVALID');
    expect(h.text(r)).toContain('Skill "c" not found. Available skills: a, b.');
    expect(h.mistakes.count).toBe(1);
  });

  it('a rejected skill is reported, and asking for it says why', async () => {
    await setup({ '.quiver/skills/ok/SKILL.md': skill('ok', 'd', 'x'), '.quiver/skills/broken/SKILL.md': skill('other', 'd', 'x') });
    const r = await h.call('use_skill', { skill_name: 'broken' });
    expect(h.text(r)).toContain('Available skills: ok.');
    expect(h.text(r)).toContain(
      `The skill at ${h.path('.quiver/skills/broken/SKILL.md')} was not loaded: its name 'other' does not match its directory 'broken'`,
    );
    expect(h.said.find((s) => s.type === 'warning')?.text).toContain('Skipped 1 skill(s)');
  });

  it('with no skills at all, says how to add one', async () => {
    await setup({});
    const r = await h.call('use_skill', { skill_name: 'x' });
    expect(r.isError).toBe(true);
    expect(h.text(r)).toContain('No skills are available.');
    expect(h.text(r)).toContain('.quiver/skills/');
  });
});

describe('use_skill bad input', () => {
  it('a bad or unknown plugin option is a config error at load, naming the plugin and the key', async () => {
    await expect(setup({}, { skills: [{ name: 'x', description: '', instructions: 'y' }] })).rejects.toMatchObject({
      code: 'QUIVER_ERR_CONFIG_INVALID',
      plugin: '@quiver/tool-use-skill',
      key: 'options.skills.0.description',
    });
    await expect(setup({}, { globalSkillDir: ['/x'] })).rejects.toMatchObject({
      code: 'QUIVER_ERR_CONFIG_INVALID',
      key: 'options.globalSkillDir',
    });
  });

  it('a missing skill_name is the missing-parameter error, count 1', async () => {
    await setup({});
    const r = await h.call('use_skill', {});
    expect(r.code).toBe('QUIVER_ERR_PARAM_MISSING');
    expect(h.text(r)).toContain("Missing value for required parameter 'skill_name'");
    expect(h.mistakes.count).toBe(1);
  });

  it('a skill_name of the wrong type is a parameter error', async () => {
    await setup({});
    expect((await h.call('use_skill', { skill_name: 3 })).code).toBe('QUIVER_ERR_PARAM_INVALID');
  });
});

describe('use_skill applies the path rules to project skills (P-rules in every tool)', () => {
  it('a SKILL.md hidden by the ignore rules is not loaded', async () => {
    await setup({
      '.quiverignore': '.quiver/skills/secret/\n',
      '.quiver/skills/secret/SKILL.md': skill('secret', 'Hidden', 'TOP-SECRET-STEPS'),
      '.quiver/skills/ok/SKILL.md': skill('ok', 'Fine', 'ok steps'),
    });
    const r = await h.call('use_skill', { skill_name: 'secret' });
    expect(r.isError).toBe(true);
    expect(h.text(r)).not.toContain('TOP-SECRET-STEPS');
    expect(h.text(r)).toContain('hidden by .quiverignore');
    // Control: a visible skill still loads.
    expect(h.text(await h.call('use_skill', { skill_name: 'ok' }))).toContain('ok steps');
  });

  it('a skill folder symlinked outside the workspace is not loaded', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'quiver-skill-outside-'));
    try {
      await writeFile(join(outside, 'SKILL.md'), skill('ext', 'Outside', 'OUTSIDE-STEPS'));
      await setup({ '.quiver/skills/.keep': '' });
      const { symlink } = await import('node:fs/promises');
      await symlink(outside, h.path('.quiver/skills/ext'));
      const r = await h.call('use_skill', { skill_name: 'ext' });
      expect(h.text(r)).not.toContain('OUTSIDE-STEPS');
      expect(h.text(r)).toContain('leads outside the workspace');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
