import { describe, expect, it } from 'vitest';
import { parseSkillFile } from './parse-skill-file.js';

describe('parseSkillFile', () => {
  it('reads name, description and the trimmed body', () => {
    expect(parseSkillFile('---\nname: deploy\ndescription: "Ship it: safely"\n---\n\n  Run make deploy.\n\n', 'deploy')).toEqual({
      ok: true,
      skill: { name: 'deploy', description: 'Ship it: safely', body: 'Run make deploy.' },
    });
  });

  it('takes CRLF files and a byte-order mark', () => {
    const r = parseSkillFile('\uFEFF---\r\nname: a\r\ndescription: b\r\n---\r\nbody\r\n', 'a');
    expect(r).toEqual({ ok: true, skill: { name: 'a', description: 'b', body: 'body' } });
  });

  it.each([
    ['no front matter', 'Just instructions.', 'no YAML front matter'],
    ['an unclosed front matter', '---\nname: a\ndescription: b\n', 'no YAML front matter'],
    ['bad YAML', '---\nname: [a\ndescription: b\n---\nx', 'not valid YAML'],
    ['a list', '---\n- a\n- b\n---\nx', 'not a YAML mapping'],
    ['no name', '---\ndescription: b\n---\nx', 'no string `name`'],
    ['a number name', '---\nname: 42\ndescription: b\n---\nx', 'no string `name`'],
    ['no description', '---\nname: a\n---\nx', 'no string `description`'],
    ['a name that is not the directory', '---\nname: other\ndescription: b\n---\nx', "its name 'other' does not match its directory 'a'"],
  ])('rejects %s', (_what, text, reason) => {
    const r = parseSkillFile(text, 'a');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });
});
