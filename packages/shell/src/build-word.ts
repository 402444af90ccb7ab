import { decodeAnsiCQuote } from './ansi-c-quote.js';
import type { ShellParser } from './load-parser.js';
import type { ShellNode } from './mvdan-syntax.js';
import { shellDenial } from './shell-denial.js';
import type { ShellWord } from './shell-types.js';
import { continuedText, rawText, type SourceText } from './source-text.js';

/** One character of a word's value and whether quoting (or a backslash) made it literal. */
interface WordChar {
  c: string;
  quoted: boolean;
}

/** A word plus the substitutions inside it, which R3 checks as nested segments. */
export interface BuiltWord {
  word: ShellWord;
  nested: ShellNode[];
}

interface WordBuilder {
  src: SourceText;
  parser: ShellParser;
  chars: WordChar[];
  nested: ShellNode[];
  hasExpansion: boolean;
}

/** The ShellWord for an mvdan Word: quote-removed, substitutions kept as their source text. */
export function buildWord(src: SourceText, parser: ShellParser, node: ShellNode): BuiltWord {
  const b: WordBuilder = { src, parser, chars: [], nested: [], hasExpansion: false };
  for (const part of node.Parts as ShellNode[]) addPart(b, part);
  return { word: finishWord(b, rawText(src, node)), nested: b.nested };
}

/** A word made of a bare literal (a `declare` name). */
export function literalWord(value: string): ShellWord {
  return { value, raw: value, hasUnquotedGlob: false, hasExpansion: false, isStatic: true };
}

/**
 * The ShellWord for `NAME=value` / `NAME+=value` (R4 keeps assignments in the text, with the
 * value quote-removed).
 */
export function buildAssignWord(src: SourceText, parser: ShellParser, assign: ShellNode): BuiltWord {
  const b: WordBuilder = { src, parser, chars: [], nested: [], hasExpansion: false };
  const prefix = `${assign.Name?.Value ?? ''}${assign.Append ? '+=' : '='}`;
  for (const c of prefix) b.chars.push({ c, quoted: true });
  if (assign.Value) for (const part of assign.Value.Parts as ShellNode[]) addPart(b, part);
  const built = finishWord(b, rawText(src, assign));
  built.isStatic = !built.hasExpansion && !built.hasUnquotedGlob;
  return { word: built, nested: b.nested };
}

function addPart(b: WordBuilder, part: ShellNode): void {
  const type = part.type;
  switch (type) {
    case 'Lit':
      return addUnquotedLit(b, String(part.Value));
    case 'SglQuoted':
      return pushQuoted(b, part.Dollar ? decodeAnsiCQuote(String(part.Value)) : String(part.Value));
    case 'DblQuoted':
      for (const inner of part.Parts as ShellNode[]) {
        if (inner.type === 'Lit') pushQuoted(b, unescapeDoubleQuoted(String(inner.Value)));
        else addExpansion(b, inner, inner.type);
      }
      return;
    default:
      return addExpansion(b, part, type);
  }
}

function addExpansion(b: WordBuilder, part: ShellNode, type: string): void {
  if (type !== 'ParamExp' && type !== 'CmdSubst' && type !== 'ProcSubst') {
    throw shellDenial('R1', 'unsafe_syntax', `the word part ${type} is outside the permitted shell subset`, rawText(b.src, part));
  }
  b.hasExpansion = true;
  if (type !== 'ParamExp') b.nested.push(part);
  pushQuoted(b, continuedText(b.src, part));
}

function pushQuoted(b: WordBuilder, text: string): void {
  for (const c of text) b.chars.push({ c, quoted: true });
}

/** Outside quotes a backslash makes the next character literal; backslash-newline vanishes. */
function addUnquotedLit(b: WordBuilder, value: string): void {
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c !== '\\') {
      b.chars.push({ c, quoted: false });
    } else if (i + 1 >= value.length) {
      b.chars.push({ c, quoted: true });
    } else {
      if (value[i + 1] !== '\n') b.chars.push({ c: value[i + 1], quoted: true });
      i++;
    }
  }
}

/** Inside double quotes a backslash only escapes `$`, backtick, `"`, `\` and newline. */
function unescapeDoubleQuoted(value: string): string {
  return value.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

function finishWord(b: WordBuilder, raw: string): ShellWord {
  const value = b.chars.map((ch) => ch.c).join('');
  const hasUnquotedGlob = hasGlob(b.chars) || hasBraceExpansion(b.chars);
  const unquotedBrace = b.chars.some((ch) => !ch.quoted && ch.c === '{');
  const tilde = b.chars.length > 0 && !b.chars[0].quoted && b.chars[0].c === '~';
  const isStatic = !b.hasExpansion && !hasUnquotedGlob && !unquotedBrace && !tilde;
  return { value, raw, hasUnquotedGlob, hasExpansion: b.hasExpansion, isStatic };
}

/** An unquoted `*` or `?`, or an unquoted `[` closed by a later unquoted `]`. */
function hasGlob(chars: WordChar[]): boolean {
  let open = false;
  for (const ch of chars) {
    if (ch.quoted) continue;
    if (ch.c === '*' || ch.c === '?') return true;
    if (ch.c === '[') open = true;
    else if (ch.c === ']' && open) return true;
  }
  return false;
}

/** An unquoted `{…}` holding an unquoted `,` or `..` (bash brace expansion). */
function hasBraceExpansion(chars: WordChar[]): boolean {
  for (let i = 0; i < chars.length; i++) {
    if (chars[i].quoted || chars[i].c !== '{') continue;
    for (let j = i + 1; j < chars.length; j++) {
      const ch = chars[j];
      if (ch.quoted) continue;
      if (ch.c === '}') break;
      if (ch.c === ',') return true;
      if (ch.c === '.' && chars[j + 1] && !chars[j + 1].quoted && chars[j + 1].c === '.') return true;
    }
  }
  return false;
}
