import type { CommandPermissionsConfig, SegmentReport } from '@quiver/core';
import { matchPattern } from './match-pattern.js';
import type { ShellRedirect, ShellSegment } from './shell-types.js';

/** A segment's verdict, with what the message needs to name the offender. */
export interface SegmentVerdict {
  report: SegmentReport;
  /** The offending word or redirection, when a rule other than R7 decided. */
  offender?: string;
}

/**
 * R5, R6 and R7 on one segment, in that order: a static command word, no file redirection
 * (unless allowed), no deny pattern (also tried with the command word reduced to its last
 * path component) and, if there is an allow list, one allow pattern on the literal text.
 */
export function judgeSegment(config: CommandPermissionsConfig, segment: ShellSegment): SegmentVerdict {
  const base = { text: segment.text, origin: segment.origin, depth: segment.depth };
  const command = segment.words[0];
  if (command && !command.isStatic) {
    return { report: { ...base, allowed: false, rule: 'R5', reason: 'dynamic_command' }, offender: command.raw };
  }
  const redirect = segment.redirects.find((r) => !r.isDup);
  if (redirect && config.allowRedirects !== true) {
    return { report: { ...base, allowed: false, rule: 'R6', reason: 'redirect' }, offender: redirectText(redirect) };
  }
  const alternate = basenameText(segment);
  const denied = (config.deny ?? []).find((p) => matchPattern(p, segment.text) || (alternate !== undefined && matchPattern(p, alternate)));
  if (denied !== undefined) return { report: { ...base, allowed: false, rule: 'R7', pattern: denied, reason: 'denied' } };
  const allow = config.allow ?? [];
  if (!allow.length) return { report: { ...base, allowed: true, rule: 'R7', reason: 'allowed' } };
  const allowed = allow.find((p) => matchPattern(p, segment.text));
  if (allowed === undefined) return { report: { ...base, allowed: false, rule: 'R7', reason: 'no_match' } };
  return { report: { ...base, allowed: true, rule: 'R7', pattern: allowed, reason: 'allowed' } };
}

/** The segment text with its command word replaced by its last path component, if that differs. */
function basenameText(segment: ShellSegment): string | undefined {
  const command = segment.words[0];
  if (!command || segment.commandName === undefined || segment.commandName === command.value) return undefined;
  return [...segment.assignments, ...segment.words].map((w) => (w === command ? segment.commandName : w.value)).join(' ');
}

/** A redirection as written, for messages (`2>file`, `<<<word`). */
export function redirectText(redirect: ShellRedirect): string {
  return `${redirect.fd ?? ''}${redirect.op}${redirect.target?.raw ?? ''}`;
}
