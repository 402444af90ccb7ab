/**
 * Sort keys for path segments that order exactly as the listing's collator does (numeric,
 * case-insensitive: `Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })`), so
 * a sort compares plain strings instead of calling the collator for every comparison.
 *
 * Only printable ASCII segments get a key, and only under a locale whose collation of ASCII is
 * the root one (English): there, base-strength collation is a comparison of per-character
 * primary weights, with digit runs weighed by their numeric value (leading zeros ignored). The
 * weights are read from the collator itself at load, not written down. Any other segment (or
 * locale) has no key and is compared by the collator, which keeps the order a total one.
 */
export const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The first ASCII character code given a weight; `NUMBER` marks a digit run. */
const FIRST = 0x21;
const FAST_LOCALE = /^en(-|$)/.test(collator.resolvedOptions().locale);
const WEIGHTS = FAST_LOCALE ? asciiWeights() : undefined;

/**
 * The sort key of one segment, or undefined when it must be compared by the collator.
 * @example
 * segmentSortKey('File10.txt') < segmentSortKey('file9.txt') // false: 10 > 9
 */
export function segmentSortKey(segment: string): string | undefined {
  if (!WEIGHTS) return undefined;
  let key = '';
  for (let i = 0; i < segment.length; ) {
    const code = segment.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) {
      let end = i;
      while (end < segment.length && isDigit(segment.charCodeAt(end))) end++;
      let start = i;
      while (start < end - 1 && segment.charCodeAt(start) === 0x30) start++;
      // A number: the digits' weight, its length, then its digits (so longer = larger).
      key += WEIGHTS.number + String.fromCharCode(0x100 + (end - start)) + segment.slice(start, end);
      i = end;
      continue;
    }
    const weight = code < 0x80 ? WEIGHTS.chars[code] : undefined;
    if (weight === undefined) return undefined; // control or non-ASCII: the collator decides
    key += weight;
    i++;
  }
  return key;
}

/** Compare two segments by key when both have one, else by the collator. */
export function compareSegmentKeys(a: string, aKey: string | undefined, b: string, bKey: string | undefined): number {
  if (aKey !== undefined && bKey !== undefined) return aKey < bKey ? -1 : aKey > bKey ? 1 : 0;
  return collator.compare(a, b);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Rank printable ASCII by the collator (equal characters share a rank); digits rank as one group. */
function asciiWeights(): { chars: (string | undefined)[]; number: string } {
  const printable: string[] = [];
  for (let c = 0x20; c < 0x7f; c++) if (!isDigit(c)) printable.push(String.fromCharCode(c));
  printable.push('0');
  printable.sort(collator.compare);
  const chars: (string | undefined)[] = new Array(0x80).fill(undefined);
  let rank = 0;
  let number = '';
  printable.forEach((ch, i) => {
    if (i > 0 && collator.compare(printable[i - 1], ch) !== 0) rank++;
    const weight = String.fromCharCode(FIRST + rank);
    if (ch === '0') number = weight;
    else chars[ch.charCodeAt(0)] = weight;
  });
  return { chars, number };
}
