import { readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TaskConfig } from '@quiver/core';
import { saveBugReport } from './save-bug-report.js';

let cwd: string;
beforeEach(async () => void (cwd = await realpath(await mkdtemp(join(tmpdir(), 'quiver-bug-')))));
afterEach(async () => rm(cwd, { recursive: true, force: true }));

it('numbers reports written in the same millisecond instead of overwriting', async () => {
  // Without a workspace service the primary root is the task's cwd.
  const config = { cwd, services: { find: () => undefined } } as unknown as TaskConfig;
  const now = new Date('2025-01-02T03:04:05.006Z');
  const a = await saveBugReport(config, 'first', now);
  const b = await saveBugReport(config, 'second', now);
  expect(a.relative).toBe('.quiver/bug-reports/2025-01-02T03-04-05-006Z.md');
  expect(b.relative).toBe('.quiver/bug-reports/2025-01-02T03-04-05-006Z-2.md');
  expect(readFileSync(a.absolute, 'utf8')).toBe('first');
  expect(readFileSync(b.absolute, 'utf8')).toBe('second');
});
