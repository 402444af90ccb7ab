import type { CommandCase, PermissionsConfig } from '../case-types.js';

/** Row builders for command-permission tables. */
export const pass = (description: string, input: string, config: PermissionsConfig = {}): CommandCase => ({
  description,
  input,
  config,
  expected: { allowed: true },
});

export const fail = (description: string, input: string, config: PermissionsConfig = {}, rule?: string | string[]): CommandCase => ({
  description,
  input,
  config,
  expected: Array.isArray(rule) ? { allowed: false, ruleOneOf: rule } : rule ? { allowed: false, rule } : { allowed: false },
});

/** No allow restriction, no deny pattern: only the structural rules (R1–R6, R8, R9) can deny. */
export const OPEN: PermissionsConfig = {};
/** Like {@link OPEN} but redirections allowed, to isolate rules other than R6. */
export const OPEN_R: PermissionsConfig = { allowRedirects: true };
/** Denies `rm` (and, through R7's basename rule, `/bin/rm`). */
export const DENY_RM: PermissionsConfig = { deny: ['rm *'], allowRedirects: true };

/** Single-quote a word for bash (`it's` → `'it'\''s'`). */
export const sq = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** A small deterministic PRNG (mulberry32), so generated tables are stable across runs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)];
