import { describe, expect, test } from 'vitest';
import { createCommandPermissions } from './command-permissions.js';
import { explainDecision } from './explain-decision.js';

describe('explainDecision', () => {
  test('lists every segment with origin, depth, rule, pattern and verdict', async () => {
    const permissions = createCommandPermissions({ allow: ['gh *', 'echo *', 'rm *'], deny: ['rm -rf *'] });
    const text = explainDecision(await permissions.check('gh pr view 1 && echo $(rm -rf /)'));
    expect(text.split('\n')).toEqual([
      'Verdict: DENIED by R7 (denied, pattern "rm -rf *") at "rm -rf /"',
      'Segments:',
      '  1. [top, depth 0] "gh pr view 1" — allowed (R7, allow pattern "gh *": passes)',
      '  2. [top, depth 0] "echo $(rm -rf /)" — allowed (R7, allow pattern "echo *": passes)',
      '  3. [substitution, depth 1] "rm -rf /" — DENIED (R7, deny pattern "rm -rf *": matches a deny pattern)',
      expect.stringMatching(
        /^Message: Command "gh pr view 1 && echo \$\(rm -rf \/\)" was denied by the command permissions \(R7\): segment "rm -rf \/" \(substitution, depth 1\) matches the deny pattern "rm -rf \*"\. /,
      ),
    ]);
  });

  test('explains allowed commands, parse refusals and no_config', async () => {
    const allowed = explainDecision(await createCommandPermissions({ deny: ['rm *'] }).check('ls | wc -l'));
    expect(allowed).toContain('Verdict: ALLOWED (allowed)');
    expect(allowed).toContain('[top, depth 0] "wc -l" — allowed (R7, no allow list: passes)');
    const refused = explainDecision(await createCommandPermissions({}).check('echo ${x:-y}'));
    expect(refused).toContain('Verdict: DENIED by R1 (unsafe_syntax) at "${x:-y}"');
    expect(refused).toContain('refused while parsing');
    const open = explainDecision(await createCommandPermissions(undefined).check('rm -rf /'));
    expect(open).toContain('Verdict: ALLOWED (no_config)');
  });

  test('R5 and R6 denials name the word and the redirection', async () => {
    const r5 = await createCommandPermissions({}).check('ls; $CMD -x');
    expect(r5.message).toContain('the command word $CMD of segment "$CMD -x"');
    expect(explainDecision(r5)).toContain('"$CMD -x" — DENIED (R5: command word is not fixed text)');
    const r6 = await createCommandPermissions({ allow: ['cat *'] }).check('cat a 2>err.log');
    expect(r6.message).toContain('(2>err.log) and allowRedirects is not enabled');
    expect(r6.message).toMatch(/ask the user to set allowRedirects/);
  });

  test('R7 no-match messages list the allow patterns', async () => {
    const decision = await createCommandPermissions({ allow: ['npm *', 'git *'] }).check('curl x');
    expect(decision.message).toBe(
      'Command "curl x" was denied by the command permissions (R7): segment "curl x" matches no allow pattern. ' +
        'Use only commands the allow list permits ("npm *", "git *"), or ask the user to add a pattern for this one.',
    );
  });
});
