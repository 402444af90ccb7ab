import type { Skill } from './discover-skills.js';

/**
 * The SKILLS section of a system prompt (SPEC Part B §16.11): one `  - "<name>": <description>`
 * line per skill, or '' when there are none (the tool is then not worth offering).
 */
export function skillsPromptSection(skills: readonly Skill[]): string {
  if (skills.length === 0) return '';
  const lines = skills.map((s) => `  - "${s.name}": ${s.description}`);
  return (
    'SKILLS\n\nSkills are sets of instructions for specific kinds of work. When a request matches a skill, ' +
    'load it with use_skill before you start, and follow its instructions.\n\nAvailable skills:\n' +
    lines.join('\n')
  );
}
