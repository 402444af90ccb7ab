import { spawn } from 'node:child_process';
import { createCommandPermissions } from '@quiver/shell';
import { describe, expect, it } from 'vitest';
import { pick, rng } from './cases/build.js';

/**
 * R1/R9 fuzz: random token soups (words, every quote, operator, bracket, `$`, backtick, `#`,
 * newline). The permission check must never throw, and whatever bash itself rejects as a
 * syntax error (`bash -n`) must be denied — R1 "a syntax error … means deny".
 */
const TOKENS = [
  'ls',
  'echo',
  'a',
  'b.txt',
  ' ',
  ' ',
  ' ',
  ';',
  '&&',
  '||',
  '|',
  '|&',
  '&',
  '\n',
  '(',
  ')',
  '$(',
  '`',
  '"',
  "'",
  '$',
  '{',
  '}',
  '${',
  '#',
  '\\',
  '>',
  '<',
  '2>&1',
  '<<<',
  '<(',
  '>(',
  '=',
  'X=',
  '[',
  ']',
  '*',
  '?',
  '~',
  '!',
  "$'",
  '$"',
  'if',
  'then',
  'fi',
  'do',
  'done',
  'sudo',
  'bash -c',
  'eval',
  'find . -exec',
  '\\;',
  '{}',
  '+',
  ',',
  '-',
  ':',
  '.',
  '<<',
  '$((',
  '((',
  '))',
  '${x:-',
  ';;',
  '\t',
  'time',
  '}}',
  '$[',
  '>|',
  '&>',
  '2>',
  'case',
  'esac',
  'in',
  '\\\n',
];

function soup(r: () => number): string {
  return Array.from({ length: 1 + Math.floor(r() * 12) }, () => pick(r, TOKENS)).join('');
}

function bashRejects(script: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    // `bash -c`, as commands are run: there a trailing backslash is literal, not a continuation.
    const child = spawn('bash', ['-n', '-c', '--', script], { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code !== 0));
  });
}

describe('parse fuzz', () => {
  it('never throws, and denies everything bash rejects', async () => {
    const r = rng(0xf022);
    const inputs = [...new Set(Array.from({ length: 6_000 }, () => soup(r)))];
    const permissions = createCommandPermissions({ allowRedirects: true });
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < inputs.length) {
        const input = inputs[next++];
        const decision = await permissions.check(input);
        expect(typeof decision.allowed).toBe('boolean');
        if (decision.allowed && (await bashRejects(input))) failures.push(JSON.stringify(input));
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    expect(failures).toEqual([]);
  }, 300_000);
});
