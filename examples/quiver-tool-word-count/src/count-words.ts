/** What {@link countWords} reports. */
export interface WordCount {
  lines: number;
  words: number;
  characters: number;
}

/**
 * Count lines, words and characters the way `wc -lmw` does: a line is a newline character
 * (so a last line without one is not counted), a word is a run of non-whitespace, and
 * characters are Unicode code points.
 * @example
 * countWords('one two\nthree\n'); // { lines: 2, words: 3, characters: 14 }
 */
export function countWords(text: string): WordCount {
  const lines = text.match(/\n/g)?.length ?? 0;
  const words = text.match(/\S+/gu)?.length ?? 0;
  return { lines, words, characters: [...text].length };
}
