import { describe, expect, it } from 'vitest';
import { resolveCommandTimeoutSeconds } from './command-timeout.js';

// SPEC §14.4, adapted: the baseline returns undefined outside yolo/background mode
// (`("npm test", undefined, false)` → undefined). Quiver always has a timeout, so the mode
// argument is gone and that vector becomes 300 (npm test is long-running).
const cases: { description: string; command: string; timeout: unknown; expected: number }[] = [
  {
    description: '§14.4 npm test, no timeout (baseline: undefined when unmanaged)',
    command: 'npm test',
    timeout: undefined,
    expected: 300,
  },
  { description: '§14.4 npm test, "45"', command: 'npm test', timeout: '45', expected: 45 },
  { description: '§14.4 ls -la, no timeout', command: 'ls -la', timeout: undefined, expected: 30 },
  { description: '§14.4 npm run build, no timeout', command: 'npm run build', timeout: undefined, expected: 300 },
  { description: '"45s" parses like parseInt', command: 'ls', timeout: '45s', expected: 45 },
  { description: 'a number', command: 'ls', timeout: 12, expected: 12 },
  { description: 'zero falls back to the default', command: 'ls', timeout: 0, expected: 30 },
  { description: 'a negative value falls back', command: 'npm test', timeout: '-5', expected: 300 },
  { description: 'garbage falls back', command: 'ls', timeout: 'soon', expected: 30 },
  { description: 'a boolean is ignored', command: 'ls', timeout: true, expected: 30 },
  { description: 'a fraction is cut', command: 'ls', timeout: '2.9', expected: 2 },
];

describe('resolveCommandTimeoutSeconds', () => {
  for (const c of cases) {
    it(c.description, () => {
      expect(resolveCommandTimeoutSeconds(c.command, c.timeout)).toBe(c.expected);
    });
  }
});
