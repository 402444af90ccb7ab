// One parse per call: given the call's screened command (an object), analyzeCommand parses
// its text once and every service of that call (permissions, classifier, ignore screen,
// sandbox) reads that parse. A bare string is parsed each time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeCommand } from './analyze-command.js';
import { createCommandClassifier } from './classify-command.js';
import { createCommandPermissions } from './command-permissions.js';
import { loadParser, type ShellParser } from './load-parser.js';

let parser: ShellParser;
let original: ShellParser['parse'];
let parses = 0;
beforeEach(async () => {
  parser = await loadParser();
  original = parser.parse;
  parses = 0;
  parser.parse = (text) => (parses++, original(text));
});
afterEach(() => void (parser.parse = original));

describe('analyzeCommand of a screened command', () => {
  it('parses once for the permission check and the classifier of one call', async () => {
    const command = Object.freeze({ input: 'git push --force', text: 'git push --force', cwd: '/repo' });
    const permissions = createCommandPermissions({ allow: ['git *'] });
    const classifier = createCommandClassifier();
    expect((await permissions.check(command)).allowed).toBe(true);
    expect((await classifier.classify(command, '/repo')).destructive).toBe(true);
    expect(await analyzeCommand(command)).toBe(await analyzeCommand(command));
    expect(parses).toBe(1);
  });

  it('a new call (a new screened command) parses again, and a string each time', async () => {
    await analyzeCommand({ text: 'ls' });
    await analyzeCommand({ text: 'ls' });
    await analyzeCommand('ls');
    await analyzeCommand('ls');
    expect(parses).toBe(4);
  });

  it('the shared parse is the same verdict as parsing the text', async () => {
    for (const text of ['echo $(whoami) | tee out', 'cat <<EOF\nx\nEOF', '']) {
      expect(await analyzeCommand({ text })).toEqual(await analyzeCommand(text));
    }
  });
});
