import type { ShellParser } from './load-parser.js';
import type { ShellNode } from './mvdan-syntax.js';
import { commentStartsWord } from './comment-fixes.js';
import { forEachNode } from './plain-ast.js';
import { shellDenial } from './shell-denial.js';
import { charIndex, nodeRange, type SourceText } from './source-text.js';

/** Constructs outside the R1 subset, by mvdan node type. */
const OUTSIDE_SUBSET: Record<string, string> = {
  IfClause: 'an if statement',
  WhileClause: 'a while/until loop',
  ForClause: 'a for/select loop',
  CaseClause: 'a case statement',
  Block: 'a { … } group',
  FuncDecl: 'a function definition',
  ArithmCmd: 'arithmetic ((…))',
  ArithmExp: 'arithmetic $((…)) or $[…]',
  TestClause: 'a [[ … ]] test',
  LetClause: 'let (arithmetic)',
  TimeClause: 'the time keyword',
  CoprocClause: 'coproc',
  ExtGlob: 'an extended glob @(…)',
  BraceExp: 'a brace expansion',
  ArrayExpr: 'an array',
  TestDecl: 'a test declaration',
};

/** Words bash reserves where a command is expected (R1), plus `in`, which bash rejects there. */
export const RESERVED_WORDS = new Set([
  'if',
  'then',
  'elif',
  'else',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'function',
  '{',
  '}',
  '[[',
  ']]',
  '!',
  'time',
  'coproc',
  'in',
]);

const PLAIN_NAME = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+)$/;

/** What the walk learns about one parsed text. */
interface Screen {
  src: SourceText;
  parser: ShellParser;
  /** 1 where a character sits inside '…', "…", $'…' or $"…" (and not inside a nested substitution). */
  quoted: Uint8Array;
  comments: ShellNode[];
  subshellEnds: Set<number>;
}

/**
 * R1 on a parsed text: deny every node outside the subset, every unquoted control or
 * non-ASCII character, and every place where mvdan's reading of `#` or a continuation could
 * differ from bash's. Records the single-quoted ranges on `src` for later slicing.
 */
export function screenSyntax(file: ShellNode, src: SourceText, parser: ShellParser): void {
  const screen: Screen = {
    src,
    parser,
    quoted: new Uint8Array(src.text.length),
    comments: [],
    subshellEnds: new Set(),
  };
  forEachNode(file, (node) => screenNode(screen, node));
  src.singleQuoted.sort((a, b) => a[0] - b[0]);
  for (const comment of screen.comments) screenComment(screen, comment);
  screenCharacters(screen);
}

function screenNode(screen: Screen, node: ShellNode): void {
  const type = node.type;
  const outside = OUTSIDE_SUBSET[type];
  if (outside) throw shellDenial('R1', 'unsafe_syntax', `${outside} is outside the permitted shell subset`, excerpt(screen, node));
  switch (type) {
    case 'Stmt':
      if (node.Negated) throw shellDenial('R1', 'unsafe_syntax', 'the ! keyword is outside the permitted shell subset', '!');
      if (node.Coprocess) throw shellDenial('R1', 'unsafe_syntax', 'coproc is outside the permitted shell subset', 'coproc');
      return;
    case 'CallExpr':
      return screenCall(screen, node);
    case 'Assign':
      if (node.Index || node.Array)
        throw shellDenial(
          'R1',
          'unsafe_syntax',
          'array assignments are outside the permitted shell subset',
          `${node.Name?.Value ?? ''}[…]`,
        );
      return;
    case 'BinaryCmd':
      if (!screen.parser.binaryOps.has(node.Op)) throw shellDenial('R1', 'unsafe_syntax', 'an unknown shell operator was found');
      return;
    case 'Subshell':
      if (!(node.Stmts ?? []).length) throw shellDenial('R1', 'parse_error', 'an empty subshell ( ) is a syntax error', '( )');
      screen.subshellEnds.add(charIndex(screen.src, node.Rparen as number));
      return;
    case 'SglQuoted':
    case 'DblQuoted':
      return markQuoted(screen, node, type === 'SglQuoted' ? "'" : '"');
    case 'ParamExp':
      screenParam(screen, node);
      return markUnquoted(screen, node);
    case 'CmdSubst':
      if (node.TempFile || node.ReplyVar)
        throw shellDenial('R1', 'unsafe_syntax', '${ …; } command groups are outside the permitted shell subset', '${ …; }');
      screenNotEmpty(screen, node);
      return markUnquoted(screen, node);
    case 'ProcSubst':
      if (!screen.parser.procOps.has(node.Op)) throw shellDenial('R1', 'unsafe_syntax', 'an unknown process substitution was found');
      screenNotEmpty(screen, node);
      return markUnquoted(screen, node);
    case 'Redirect':
      return screenRedirect(screen, node);
    case 'Comment':
      screen.comments.push(node);
      return;
    case 'File':
    case 'Word':
    case 'Lit':
    case 'DeclClause':
      return;
    default:
      throw shellDenial('R1', 'unsafe_syntax', `the shell construct ${type} is outside the permitted shell subset`, excerpt(screen, node));
  }
}

/** R1 and R3: a nested command is parsed with all the rules, so an empty one is an empty command. */
function screenNotEmpty(screen: Screen, node: ShellNode): void {
  if ((node.Stmts ?? []).length) return;
  throw shellDenial(
    'R1',
    'unsafe_syntax',
    `the nested command ${excerpt(screen, node)} is empty (only whitespace or a comment)`,
    excerpt(screen, node),
  );
}

/** The source of a node, shortened for messages. */
function excerpt(screen: Screen, node: ShellNode): string {
  const [start, end] = nodeRange(screen.src, node);
  const text = screen.src.text.slice(start, end);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Reserved words in command position, and words mvdan reads as text where bash sees a comment. */
function screenCall(screen: Screen, call: ShellNode): void {
  const args: ShellNode[] = call.Args ?? [];
  const first = args[0];
  if (first && first.Parts.length === 1 && first.Parts[0].type === 'Lit') {
    const word = first.Parts[0].Value as string;
    if (RESERVED_WORDS.has(word)) {
      throw shellDenial('R1', 'unsafe_syntax', `the reserved word "${word}" cannot be used as a command here`, word);
    }
  }
  for (const arg of args) {
    const [start] = nodeRange(screen.src, arg);
    if (screen.src.text[start] === '#')
      throw shellDenial('R1', 'unsafe_syntax', 'a word starting with # is ambiguous (bash reads it as a comment)', '#');
  }
}

/** Only plain `$name` / `${name}`: no operators, indirection, length, slices or subscripts (R1). */
function screenParam(screen: Screen, param: ShellNode): void {
  const name = (param.Param?.Value as string | undefined) ?? '';
  const plain = !param.Excl && !param.Length && !param.Width && !param.Index && !param.Slice && !param.Repl && !param.Names && !param.Exp;
  if (!plain || (!param.Short && !PLAIN_NAME.test(name))) {
    const [start, end] = nodeRange(screen.src, param);
    const text = screen.src.text.slice(start, end);
    throw shellDenial('R1', 'unsafe_syntax', `the parameter expansion ${text} is not a plain \${name}`, text);
  }
}

function screenRedirect(screen: Screen, redirect: ShellNode): void {
  const op = screen.parser.redirectOps.get(redirect.Op);
  if (op === '<<' || op === '<<-' || redirect.Hdoc) {
    throw shellDenial('R1', 'unsafe_syntax', 'here-documents are outside the permitted shell subset', op ?? '<<');
  }
  if (op === undefined) throw shellDenial('R1', 'unsafe_syntax', 'an unknown redirection operator was found');
}

/** Mark the inside of a quoted string, after checking its delimiters are where mvdan says. */
function markQuoted(screen: Screen, node: ShellNode, quote: string): void {
  const { text } = screen.src;
  const [start, end] = nodeRange(screen.src, node);
  const open = node.Dollar ? '$' + quote : quote;
  if (text.slice(start, start + open.length) !== open || text[end - 1] !== quote || end - start < open.length + 1) {
    throw shellDenial('R1', 'parse_error', 'a quoted string could not be located in the command', text.slice(start, end));
  }
  screen.quoted.fill(1, start + open.length, end - 1);
  if (quote === "'") screen.src.singleQuoted.push([start, end]);
}

/** A substitution inside double quotes is a new unquoted context. */
function markUnquoted(screen: Screen, node: ShellNode): void {
  const [start, end] = nodeRange(screen.src, node);
  screen.quoted.fill(0, start, end);
}

/**
 * A safety net behind `fixComments`: a comment mvdan reads where bash would not (a `#` in
 * mid-word, a comment continued by a trailing backslash) is denied if it is still there.
 */
function screenComment(screen: Screen, comment: ShellNode): void {
  const hash = charIndex(screen.src, comment.Hash as number);
  const body = String(comment.Text ?? '');
  if (body.endsWith('\\') || body.includes('\n')) {
    throw shellDenial(
      'R1',
      'unsafe_syntax',
      'a comment ending in a backslash is ambiguous (bash ends it at the newline, the parser continued it)',
      '#' + body.split('\n')[0],
    );
  }
  if (!commentStartsWord(screen.src.text, hash, screen.subshellEnds)) {
    throw shellDenial(
      'R1',
      'unsafe_syntax',
      'a # in the middle of a word is ambiguous (bash keeps it as text, the parser read a comment)',
      '#' + body,
    );
  }
}

/** R1: outside quotes, only printable ASCII, TAB and LF. */
function screenCharacters(screen: Screen): void {
  const { text } = screen.src;
  for (let i = 0; i < text.length; i++) {
    if (screen.quoted[i]) continue;
    const code = text.codePointAt(i)!;
    if (code === 9 || code === 10 || (code >= 0x20 && code < 0x7f)) continue;
    const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const kind = code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) ? 'control' : 'non-ASCII';
    throw shellDenial(
      'R1',
      'unsafe_syntax',
      `the command contains an unquoted ${kind} character ${name}; only quoted text may contain it`,
      name,
    );
  }
}
