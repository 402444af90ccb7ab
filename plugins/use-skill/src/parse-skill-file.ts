import { parse } from 'yaml';

/** A skill's front matter and instructions, as read from its SKILL.md. */
export interface ParsedSkill {
  name: string;
  description: string;
  /** The instructions after the front matter, trimmed. */
  body: string;
}

/** A parsed skill, or why the file is not one. */
export type SkillParse = { ok: true; skill: ParsedSkill } | { ok: false; reason: string };

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Read a SKILL.md (SPEC Part B §16.11): YAML front matter between `---` lines with string
 * `name` and `description`, then the instructions. The name must equal the skill's directory
 * name. Nothing here throws: a bad file gives the reason it was rejected.
 * @example
 * parseSkillFile('---\nname: deploy\ndescription: Ship it\n---\n\nRun make.\n', 'deploy');
 * // { ok: true, skill: { name: 'deploy', description: 'Ship it', body: 'Run make.' } }
 */
export function parseSkillFile(text: string, directoryName: string): SkillParse {
  const m = FRONT_MATTER.exec(text);
  if (!m)
    return {
      ok: false,
      reason: 'no YAML front matter: SKILL.md must start with a --- line, name: and description:, and a closing --- line',
    };
  let data: unknown;
  try {
    data = parse(m[1]);
  } catch (e) {
    return { ok: false, reason: `the front matter is not valid YAML: ${(e as Error).message.split('\n')[0]}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, reason: 'the front matter is not a YAML mapping of name and description' };
  const { name, description } = data as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, reason: 'the front matter has no string `name`' };
  if (typeof description !== 'string' || description.trim() === '')
    return { ok: false, reason: 'the front matter has no string `description`' };
  if (name.trim() !== directoryName)
    return { ok: false, reason: `its name '${name.trim()}' does not match its directory '${directoryName}'; rename one of them` };
  return { ok: true, skill: { name: directoryName, description: description.trim(), body: text.slice(m[0].length).trim() } };
}
