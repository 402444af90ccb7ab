import type { ShellNode } from './mvdan-syntax.js';
import { forEachNode } from './plain-ast.js';
import { charIndex, type SourceText } from './source-text.js';

/**
 * True when the `#` at `hash` starts a word for bash, and so a comment (R1: "A `#` starts a
 * comment only at the beginning of a word"): at the start of the text or after a blank, `;`,
 * `&`, `|`, `(` or a subshell's `)`, looking through backslash-newline continuations.
 *
 * @param text - the parsed text
 * @param hash - the character index of the `#`
 * @param subshellEnds - character indexes of subshells' closing `)` (a substitution's `)` ends no word)
 */
export function commentStartsWord(text: string, hash: number, subshellEnds: ReadonlySet<number>): boolean {
  let before = hash - 1;
  while (before >= 1 && text[before] === '\n' && endsWithOddBackslashes(text, before)) before -= 2;
  const prev = before >= 0 ? text[before] : '';
  return prev === '' || ' \t\n;&|('.includes(prev) || (prev === ')' && subshellEnds.has(before));
}

function endsWithOddBackslashes(text: string, newline: number): boolean {
  let count = 0;
  for (let i = newline - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

/**
 * Where mvdan's reading of a comment differs from bash's, the text rewritten so that both read
 * it alike, or `undefined` when they already agree. mvdan takes `"a"#b`, `$(x)#b` and `$x#b`
 * for a word plus a comment, while bash keeps the `#` in the word: the `#` becomes `\#`, the
 * same word for bash. mvdan also continues a comment that ends in a backslash onto the next
 * line, while bash ends it at the newline: the backslashes, which are comment text for bash,
 * are dropped. One fix per call; the caller re-parses and asks again.
 *
 * @param file - mvdan's syntax tree of `src`
 * @param src - the text it was parsed from
 * @example fixComments(parse('echo "a"#b; ls'), src) // 'echo "a"\\#b; ls'
 */
export function fixComments(file: ShellNode, src: SourceText): string | undefined {
  const comments: ShellNode[] = [];
  const subshellEnds = new Set<number>();
  forEachNode(file, (node) => {
    if (node.type === 'Comment') comments.push(node);
    else if (node.type === 'Subshell') subshellEnds.add(charIndex(src, node.Rparen as number));
  });
  const { text } = src;
  for (const hash of comments.map((c) => charIndex(src, c.Hash as number)).sort((a, b) => a - b)) {
    if (!commentStartsWord(text, hash, subshellEnds)) return `${text.slice(0, hash)}\\${text.slice(hash)}`;
    const newline = text.indexOf('\n', hash);
    if (newline > 0 && text[newline - 1] === '\\') {
      let cut = newline - 1;
      while (cut > hash && text[cut - 1] === '\\') cut--;
      return text.slice(0, cut) + text.slice(newline);
    }
  }
  return undefined;
}
