import type { CommandCase } from '../case-types.js';
import { r1Cases } from './r1-parse.js';
import { r2Cases } from './r2-segments.js';
import { r3Cases } from './r3-nested.js';
import { r4Cases } from './r4-text.js';
import { r5Cases } from './r5-static.js';
import { r6Cases } from './r6-redirects.js';
import { r7Cases } from './r7-matching.js';
import { r8Cases } from './r8-wrappers.js';
import { r9Cases } from './r9-limits.js';

/** The command-permission corpus, one table per rule (SPEC R1–R9). */
export const commandTables: Record<string, CommandCase[]> = {
  R1: r1Cases,
  R2: r2Cases,
  R3: r3Cases,
  R4: r4Cases,
  R5: r5Cases,
  R6: r6Cases,
  R7: r7Cases,
  R8: r8Cases,
  R9: r9Cases,
};
