import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseSkillFile } from './parse-skill-file.js';

/** Where a skill came from; earlier kinds win a name clash. */
export type SkillSource = 'remote' | 'global' | 'project';

/** A usable skill. */
export interface Skill {
  name: string;
  description: string;
  /** The instructions (trimmed). */
  body: string;
  source: SkillSource;
  /** The SKILL.md path, or `remote:<name>` for a skill from the config. */
  path: string;
  /** The skill's directory (disk skills), where its other files are. */
  dir?: string;
}

/** A SKILL.md (or config entry) that was not loaded, and why. */
export interface RejectedSkill {
  path: string;
  reason: string;
}

/** A skill given in the plugin options (`skills`) rather than on disk. */
export interface RemoteSkill {
  name: string;
  description: string;
  instructions: string;
}

/** What discovery found. */
export interface SkillDiscovery {
  /** Usable skills, by precedence then name. */
  skills: Skill[];
  rejected: RejectedSkill[];
}

/** Options of {@link discoverSkills}. */
export interface DiscoverSkillsOptions {
  /** The primary root; project skill folders are looked up under it. */
  cwd: string;
  /** Global skill folders. @default {@link defaultGlobalSkillDirs}() */
  globalDirs?: readonly string[];
  /** Skills from the config; they beat disk skills. */
  remote?: readonly unknown[];
  /** Skill names or SKILL.md paths (`remote:<name>` for config skills) to leave out. */
  disabled?: readonly string[];
  /**
   * The workspace's path rules for project skills (SPEC P-rules in every tool): given a
   * SKILL.md path under `cwd`, the reason it may not be read (outside the workspace through a
   * symlink, hidden by the ignore rules), or undefined. Without it project skills are not checked.
   */
  checkProjectFile?: (path: string) => Promise<string | undefined>;
}

/** Project skill folders, relative to the primary root, in precedence order. */
export const PROJECT_SKILL_DIRS: readonly string[] = [
  '.quiver/skills',
  '.claude/skills',
  '.clinerules/skills',
  '.cline/skills',
  '.agents/skills',
];

/** A SKILL.md larger than this is rejected: skills are instructions, not data. */
export const MAX_SKILL_FILE_BYTES = 1024 * 1024;

/** The global skill folders: `~/.quiver/skills`. */
export function defaultGlobalSkillDirs(home: string = homedir()): string[] {
  return [join(home, '.quiver', 'skills')];
}

/**
 * Find every skill (SPEC Part B §16.11, vectors §16.x.10): config skills, then global folders,
 * then the project folders under `cwd`. On a name clash the first found wins (remote > global >
 * project). Bad files are reported in `rejected`, never thrown.
 */
export async function discoverSkills(options: DiscoverSkillsOptions): Promise<SkillDiscovery> {
  const found: Skill[] = [];
  const rejected: RejectedSkill[] = [];
  const disabled = new Set(options.disabled ?? []);
  collectRemote(options.remote ?? [], found, rejected);
  for (const dir of options.globalDirs ?? defaultGlobalSkillDirs()) await collectDir(dir, 'global', found, rejected);
  for (const dir of PROJECT_SKILL_DIRS) await collectDir(join(options.cwd, dir), 'project', found, rejected, options.checkProjectFile);
  const byName = new Map<string, Skill>();
  for (const skill of found) if (!byName.has(skill.name)) byName.set(skill.name, skill);
  const skills = [...byName.values()].filter((s) => !disabled.has(s.name) && !disabled.has(s.path));
  return { skills, rejected };
}

function collectRemote(entries: readonly unknown[], found: Skill[], rejected: RejectedSkill[]): void {
  entries.forEach((entry, i) => {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Partial<Record<keyof RemoteSkill, unknown>>;
    const label = typeof e.name === 'string' && e.name ? e.name : `#${i}`;
    const bad = (['name', 'description', 'instructions'] as const).find((k) => typeof e[k] !== 'string' || !(e[k] as string).trim());
    if (bad) return void rejected.push({ path: `remote:${label}`, reason: `the config skill has no string \`${bad}\`` });
    const name = (e.name as string).trim();
    found.push({
      name,
      description: (e.description as string).trim(),
      body: (e.instructions as string).trim(),
      source: 'remote',
      path: `remote:${name}`,
    });
  });
}

async function collectDir(
  dir: string,
  source: SkillSource,
  found: Skill[],
  rejected: RejectedSkill[],
  check?: (path: string) => Promise<string | undefined>,
): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      rejected.push({ path: dir, reason: `the skills folder cannot be read (${code ?? (e as Error).message})` });
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const skillDir = join(dir, entry.name);
    if (!(await isDirectory(entry, skillDir))) continue;
    const path = join(skillDir, 'SKILL.md');
    const refused = check ? await check(path) : undefined;
    if (refused) {
      rejected.push({ path, reason: refused });
      continue;
    }
    const text = await readSkillFile(path);
    if (typeof text !== 'string') {
      rejected.push({ path, reason: text.reason });
      continue;
    }
    const parsed = parseSkillFile(text, entry.name);
    if (parsed.ok) found.push({ ...parsed.skill, source, path, dir: skillDir });
    else rejected.push({ path, reason: parsed.reason });
  }
}

/** Directories, and symlinks to directories (a skill folder may be linked in). */
async function isDirectory(entry: Dirent, path: string): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

async function readSkillFile(path: string): Promise<string | { reason: string }> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return { reason: 'SKILL.md is not a regular file' };
    if (info.size > MAX_SKILL_FILE_BYTES) return { reason: `SKILL.md is larger than ${MAX_SKILL_FILE_BYTES} bytes` };
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { reason: code === 'ENOENT' ? 'the folder has no SKILL.md' : `SKILL.md cannot be read (${code ?? (e as Error).message})` };
  }
}
