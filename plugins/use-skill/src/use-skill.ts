import { z } from 'zod';
import {
  coreServices,
  defineTool,
  ERROR_CODES,
  errorResult,
  quiverError,
  responses,
  type TaskConfig,
  type ToolResponse,
} from '@quiver/core';
import { discoverSkills, type RejectedSkill, type Skill, type SkillDiscovery } from './discover-skills.js';

const params = z.object({
  skill_name: z.string().describe('The name of the skill to load, exactly as listed in the available skills.'),
});

const text = z.string().trim().min(1);

/**
 * The plugin options of use_skill, parsed once when the plugin loads (unknown keys and bad
 * values are a config error naming the file, the plugin and the key).
 */
export const useSkillOptions = z
  .object({
    /** More folders of global skills, searched after `~/.quiver/skills/`. */
    globalSkillDirs: z.array(text).optional(),
    /** Skills written in the config itself; they win over global and project skills. */
    skills: z.array(z.object({ name: text, description: text, instructions: text }).strict()).optional(),
    /** Skill names or SKILL.md paths (`remote:<name>` for config skills) to leave out. */
    disabledSkills: z.array(text).optional(),
  })
  .strict();

/** The parsed options of use_skill. */
export type UseSkillOptions = z.output<typeof useSkillOptions>;

/** The parameters of `use_skill`. */
export type UseSkillParams = z.infer<typeof params>;

/**
 * The result text of a loaded skill (SPEC Part B §16.11): the heading, the instructions, and
 * where the skill's other files are (disk skills).
 */
export function skillActivation(skill: Skill): string {
  const files = skill.dir ? ` You may access other files in the skill directory at: ${skill.dir}/` : '';
  return (
    `# Skill "${skill.name}" is now active\n\n${skill.body}\n\n---\n` +
    `IMPORTANT: The skill is now loaded. Do NOT call use_skill again for this task; follow the instructions above.${files}`
  );
}

/**
 * The `use_skill` tool (SPEC Part A, Part B §16.11): loads a skill's instructions. Skills are
 * `<name>/SKILL.md` folders under `.quiver/skills/`, `.claude/skills/`, `.clinerules/skills/`,
 * `.cline/skills/` and `.agents/skills/` in the primary root, and `~/.quiver/skills/`; global
 * ones beat project ones, and config skills (plugin option `skills`) beat both. Plugin
 * options: `globalSkillDirs` (string[]), `skills` ({name, description, instructions}[]),
 * `disabledSkills` (names or SKILL.md paths).
 */
export const useSkillTool = defineTool({
  name: 'use_skill',
  description:
    'Load a skill: a set of instructions for a specific kind of work (listed under SKILLS with a description of when to use it). Call it once, before starting work the skill covers, then follow the instructions it returns.',
  params,
  options: useSkillOptions,
  approval: 'none',
  annotations: { title: 'Load a skill', readOnly: true, idempotent: true },
  describe: (p) => `[use_skill for '${p.skill_name ?? ''}']`,
  execute: useSkill,
});

/** What {@link availableSkills} needs: the primary root, the plugin's options, and the services (for the P-rules). */
export interface SkillScope {
  cwd: string;
  /** The plugin's options: parsed (a loaded plugin's `config.options`) or as written (`registry.options('use_skill')`). */
  options: Readonly<UseSkillOptions> | Readonly<Record<string, unknown>>;
  services: Pick<TaskConfig['services'], 'find'>;
}

/**
 * The skills `use_skill` would find, with the plugin options (`globalSkillDirs`, `skills`,
 * `disabledSkills`) and the workspace's path rules applied: what a host lists in its system
 * prompt (see `skillsPromptSection`), and whether the tool is worth offering at all.
 * @example
 * const { skills } = await availableSkills({ cwd, options: registry.options('use_skill'), services: host.container });
 */
export function availableSkills(scope: SkillScope): Promise<SkillDiscovery> {
  const options = skillOptions(scope.options);
  return discoverSkills({
    cwd: scope.cwd,
    globalDirs: options.globalSkillDirs,
    remote: options.skills,
    disabled: options.disabledSkills,
    checkProjectFile: projectFileCheck(scope.services),
  });
}

/**
 * The options parsed by {@link useSkillOptions}; parsing what the loader already parsed gives
 * the same value, so a host may pass the options as written.
 */
function skillOptions(options: SkillScope['options']): UseSkillOptions {
  const parsed = useSkillOptions.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = ['options', ...issue.path.map(String), ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].join('.');
  throw quiverError(
    ERROR_CODES.CONFIG_INVALID,
    `Invalid options for plugin '@quiver/tool-use-skill': ${key}: ${issue.message}. Fix it in the config.`,
    { plugin: '@quiver/tool-use-skill', key },
  );
}

async function useSkill(config: TaskConfig<UseSkillOptions>, p: UseSkillParams): Promise<ToolResponse> {
  const found = await availableSkills(config);
  if (found.rejected.length > 0)
    await config.ui.say(
      'warning',
      `Skipped ${found.rejected.length} skill(s): ${found.rejected.map((r) => `${r.path}: ${r.reason}`).join('; ')}`,
    );
  const name = p.skill_name.trim();
  const skill = found.skills.find((s) => s.name === name);
  if (!skill) return notFound(name, found);
  await config.ui.say('skill', skill.name, { path: skill.path, description: skill.description });
  return skillActivation(skill);
}

function notFound(name: string, found: SkillDiscovery): ToolResponse {
  const why = found.rejected.filter((r) => rejectedName(r) === name).map((r) => `\nThe skill at ${r.path} was not loaded: ${r.reason}.`);
  const text =
    found.skills.length === 0
      ? 'No skills are available. Skills are folders with a SKILL.md (YAML front matter with name and description, then the instructions) under .quiver/skills/ in the workspace or ~/.quiver/skills/. Continue without a skill.'
      : `Skill "${name}" not found. Available skills: ${found.skills.map((s) => s.name).join(', ')}. Call use_skill with one of these names, or continue without a skill.`;
  return errorResult(responses.toolError(text + why.join('')), ERROR_CODES.PARAM_INVALID);
}

/** The skill name a rejected file would have had: its folder (or config) name. */
function rejectedName(r: RejectedSkill): string {
  if (r.path.startsWith('remote:')) return r.path.slice('remote:'.length);
  const parts = r.path.split(/[\\/]/);
  return parts[parts.length - 2] ?? '';
}

/** A project SKILL.md is read only if read_file could read it: inside the workspace, not ignored. */
function projectFileCheck(services: SkillScope['services']): ((path: string) => Promise<string | undefined>) | undefined {
  const workspace = services.find(coreServices.workspace);
  const ignore = services.find(coreServices.ignore);
  if (!workspace) return undefined;
  return async (path) => {
    const resolved = await workspace.resolve(path).catch(() => undefined);
    if (!resolved) return 'its path cannot be resolved';
    if (!resolved.inside) return `it leads outside the workspace (${resolved.resolved})`;
    const decision = ignore ? await ignore.checkPath(resolved, 'read') : undefined;
    if (decision && !decision.allowed) return `it is hidden by ${decision.file ?? ignore!.fileName}`;
    return undefined;
  };
}
