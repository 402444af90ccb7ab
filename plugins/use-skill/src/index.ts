import { definePlugin } from '@quiver/core';
import { useSkillOptions, useSkillTool } from './use-skill.js';

export { skillActivation, availableSkills, type SkillScope } from './use-skill.js';
export {
  discoverSkills,
  defaultGlobalSkillDirs,
  PROJECT_SKILL_DIRS,
  type Skill,
  type SkillSource,
  type RejectedSkill,
  type RemoteSkill,
  type SkillDiscovery,
  type DiscoverSkillsOptions,
} from './discover-skills.js';
export { parseSkillFile, type ParsedSkill, type SkillParse } from './parse-skill-file.js';
export { skillsPromptSection } from './skills-prompt-section.js';

/**
 * The `@quiver/tool-use-skill` plugin: registers `use_skill`.
 * @example
 * import useSkill from '@quiver/tool-use-skill';
 * const h = await createTestHarness({ plugins: [useSkill], files: { '.quiver/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Ship it\n---\nRun make deploy.' } });
 */
export default definePlugin({ name: '@quiver/tool-use-skill', tools: [useSkillTool], options: useSkillOptions });
