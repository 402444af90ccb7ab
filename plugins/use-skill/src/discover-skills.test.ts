import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultGlobalSkillDirs, discoverSkills, PROJECT_SKILL_DIRS } from './discover-skills.js';
import { skillsPromptSection } from './skills-prompt-section.js';

// Vectors §16.x.10: every project folder and the global one are discovered; global beats
// project; missing fields, name ≠ directory, bad YAML or no front matter → rejected; the body
// is trimmed; a config (remote) skill beats disk.

let base: string;
let cwd: string;
let global: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'quiver-skills-')));
  cwd = join(base, 'project');
  global = join(base, 'home', '.quiver', 'skills');
  await mkdir(cwd, { recursive: true });
});
afterEach(async () => rm(base, { recursive: true, force: true }));

const skill = (name: string, description: string, body = `Instructions of ${name}.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n\n`;
async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

describe('discoverSkills (§16.x.10)', () => {
  it('finds skills in every project folder and the global one', async () => {
    const names: string[] = [];
    for (const [i, dir] of PROJECT_SKILL_DIRS.entries()) {
      names.push(`p${i}`);
      await put(join(cwd, dir, `p${i}`, 'SKILL.md'), skill(`p${i}`, `from ${dir}`));
    }
    await put(join(global, 'g', 'SKILL.md'), skill('g', 'global'));
    const { skills, rejected } = await discoverSkills({ cwd, globalDirs: [global] });
    expect(rejected).toEqual([]);
    expect(skills.map((s) => s.name).sort()).toEqual([...names, 'g'].sort());
    expect(skills.find((s) => s.name === 'g')).toMatchObject({
      source: 'global',
      path: join(global, 'g', 'SKILL.md'),
      dir: join(global, 'g'),
    });
    expect(PROJECT_SKILL_DIRS).toEqual(
      expect.arrayContaining(['.quiver/skills', '.claude/skills', '.clinerules/skills', '.cline/skills', '.agents/skills']),
    );
  });

  it('global beats project; earlier project folders beat later ones', async () => {
    await put(join(cwd, '.quiver/skills/deploy/SKILL.md'), skill('deploy', 'project', 'project body'));
    await put(join(global, 'deploy', 'SKILL.md'), skill('deploy', 'global', 'global body'));
    await put(join(cwd, '.quiver/skills/lint/SKILL.md'), skill('lint', 'quiver', 'quiver lint'));
    await put(join(cwd, '.claude/skills/lint/SKILL.md'), skill('lint', 'claude', 'claude lint'));
    const { skills } = await discoverSkills({ cwd, globalDirs: [global] });
    expect(skills.find((s) => s.name === 'deploy')).toMatchObject({ source: 'global', body: 'global body' });
    expect(skills.find((s) => s.name === 'lint')).toMatchObject({ description: 'quiver', body: 'quiver lint' });
  });

  it('a config (remote:) skill beats disk', async () => {
    await put(join(global, 'deploy', 'SKILL.md'), skill('deploy', 'global'));
    const { skills } = await discoverSkills({
      cwd,
      globalDirs: [global],
      remote: [{ name: 'deploy', description: 'remote', instructions: '  remote body \n' }],
    });
    expect(skills).toEqual([{ name: 'deploy', description: 'remote', body: 'remote body', source: 'remote', path: 'remote:deploy' }]);
  });

  it('rejects missing fields, name ≠ directory, bad YAML, no front matter, no SKILL.md — and keeps going', async () => {
    const dir = join(cwd, '.quiver/skills');
    await put(join(dir, 'nodesc/SKILL.md'), '---\nname: nodesc\n---\nx');
    await put(join(dir, 'mismatch/SKILL.md'), skill('other', 'd'));
    await put(join(dir, 'badyaml/SKILL.md'), '---\nname: [badyaml\ndescription: d\n---\nx');
    await put(join(dir, 'plain/SKILL.md'), 'Just text.');
    await mkdir(join(dir, 'empty'), { recursive: true });
    await put(join(dir, 'README.md'), 'not a skill folder');
    await put(join(dir, 'good/SKILL.md'), skill('good', 'fine'));
    const { skills, rejected } = await discoverSkills({ cwd, globalDirs: [] });
    expect(skills.map((s) => s.name)).toEqual(['good']);
    const reasons = Object.fromEntries(rejected.map((r) => [r.path.slice(dir.length + 1), r.reason]));
    expect(Object.keys(reasons).sort()).toEqual([
      'badyaml/SKILL.md',
      'empty/SKILL.md',
      'mismatch/SKILL.md',
      'nodesc/SKILL.md',
      'plain/SKILL.md',
    ]);
    expect(reasons['nodesc/SKILL.md']).toContain('description');
    expect(reasons['mismatch/SKILL.md']).toContain("does not match its directory 'mismatch'");
    expect(reasons['badyaml/SKILL.md']).toContain('not valid YAML');
    expect(reasons['plain/SKILL.md']).toContain('no YAML front matter');
    expect(reasons['empty/SKILL.md']).toContain('no SKILL.md');
  });

  it('trims the body', async () => {
    await put(join(cwd, '.claude/skills/t/SKILL.md'), '---\nname: t\ndescription: d\n---\n\n\n   Step 1.\n   Step 2.   \n\n\n');
    const { skills } = await discoverSkills({ cwd, globalDirs: [] });
    expect(skills[0].body).toBe('Step 1.\n   Step 2.');
  });

  it('follows a linked skill folder, and rejects bad config skills', async () => {
    await put(join(base, 'shared', 'linked', 'SKILL.md'), skill('linked', 'via a symlink'));
    await mkdir(join(cwd, '.quiver/skills'), { recursive: true });
    await symlink(join(base, 'shared', 'linked'), join(cwd, '.quiver/skills/linked'));
    const { skills, rejected } = await discoverSkills({ cwd, globalDirs: [], remote: [{ name: 'x' }, 'junk'] });
    expect(skills.map((s) => s.name)).toEqual(['linked']);
    expect(rejected).toEqual([
      { path: 'remote:x', reason: 'the config skill has no string `description`' },
      { path: 'remote:#1', reason: 'the config skill has no string `name`' },
    ]);
  });

  it('leaves out disabled skills, by name or by path', async () => {
    await put(join(cwd, '.quiver/skills/a/SKILL.md'), skill('a', 'd'));
    await put(join(cwd, '.quiver/skills/b/SKILL.md'), skill('b', 'd'));
    await put(join(cwd, '.quiver/skills/c/SKILL.md'), skill('c', 'd'));
    const { skills } = await discoverSkills({ cwd, globalDirs: [], disabled: ['a', join(cwd, '.quiver/skills/b/SKILL.md')] });
    expect(skills.map((s) => s.name)).toEqual(['c']);
  });

  it('the default global folder is ~/.quiver/skills', () => {
    expect(defaultGlobalSkillDirs()).toEqual([join(homedir(), '.quiver', 'skills')]);
    expect(defaultGlobalSkillDirs('/home/u')).toEqual(['/home/u/.quiver/skills']);
  });

  it('the prompt section lists "<name>": <description>', async () => {
    await put(join(cwd, '.quiver/skills/deploy/SKILL.md'), skill('deploy', 'Ship a release'));
    const { skills } = await discoverSkills({ cwd, globalDirs: [] });
    expect(skillsPromptSection(skills)).toContain('\n  - "deploy": Ship a release');
    expect(skillsPromptSection([])).toBe('');
  });
});
