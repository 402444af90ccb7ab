import type { ShellSegment as ScreenSegment, ShellWord as ScreenWord } from '@quiver/shell';
import { wordTokens, type WordToken } from './word-tokens.js';

/** A path candidate of SPEC I1: its text, and its quote-marked tokens for I2 expansion. */
export interface Candidate {
  text: string;
  tokens: WordToken[];
}

/**
 * Every path candidate of one segment (SPEC I1): each word except the command word, each
 * assignment value, each redirect target (descriptor duplications like `2>&1` excepted), and
 * for any of them the part after the first `=` and the part after the last `:`.
 *
 * @param segment - A segment from the analyzer (nested and unwrapped ones included).
 */
export function segmentCandidates(segment: ScreenSegment): Candidate[] {
  const words: ScreenWord[] = [
    ...segment.assignments,
    ...segment.words.slice(1),
    ...segment.redirects.filter((r) => !r.isDup && r.target).map((r) => r.target as ScreenWord),
  ];
  const out: Candidate[] = [];
  for (const word of words) {
    const tokens = wordTokens(word.raw);
    out.push({ text: word.value, tokens });
    const eq = word.value.indexOf('=');
    if (eq >= 0) out.push({ text: word.value.slice(eq + 1), tokens: tokensAfter(tokens, '=', 'first') });
    const colon = word.value.lastIndexOf(':');
    if (colon >= 0) out.push({ text: word.value.slice(colon + 1), tokens: tokensAfter(tokens, ':', 'last') });
  }
  return out;
}

function tokensAfter(tokens: WordToken[], ch: string, which: 'first' | 'last'): WordToken[] {
  const index = which === 'first' ? tokens.findIndex((t) => t.ch === ch) : tokens.map((t) => t.ch).lastIndexOf(ch);
  return index < 0 ? [] : tokens.slice(index + 1);
}
