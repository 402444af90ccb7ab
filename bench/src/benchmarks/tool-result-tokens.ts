import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { BenchContext } from '../bench-context.js';
import { result, type BenchResult } from '../bench-result.js';
import { startMcpServer, type McpServerUnderTest } from '../mcp-client.js';
import { stats } from '../measure.js';
import { desktopCommander, serverFilesystem } from '../peers.js';

/** The identifier "find a symbol" looks for: a function of packages/core used across its sources. */
export const TOKENS_SYMBOL = 'offeredTools';

/** The range "read a range" reads: 100 lines from the middle of a real source file. */
const RANGE = { first: 101, last: 200 };

type Call = { name: string; arguments: Record<string, unknown> };

/** One way a server answers a question: the calls a model writes, and their result texts. */
interface Answer {
  how: string;
  calls: Call[];
  texts: string[];
}

/** A question asked of every server: each side's best way of answering it. */
interface Question {
  id: string;
  what: string;
}

/** The tokens one side spent on one question (results; the calls themselves apart), and how. */
interface Spent {
  tokens: number;
  callTokens: number;
  how: string;
  texts: string[];
}

/**
 * Tool results a model reads, in tokens (gpt-tokenizer, o200k_base), on the same three
 * questions: list a tree, find a symbol, read a range, asked over MCP (the SDK client, stdio)
 * of `quiver mcp`, @modelcontextprotocol/server-filesystem and, when installed, Desktop
 * Commander, in the same run on the same copy of real source (packages/core/src of this
 * repository, copied to `$TMPDIR/quiver-tokens-<pid>/src`: a tree with no ignored files, so
 * every server lists the same entries).
 *
 * Each peer answers each question its best way carrying the same information: server-filesystem
 * lists with `directory_tree` or with `list_directory` on every folder (the fewer tokens
 * counts), has no content search, and reads a range only from the head (`head: last`);
 * Desktop Commander lists with `list_directory` (depth 10), searches with `start_search`
 * (content, 1 context line, case-sensitive literal) plus one `get_more_search_results` once
 * the search is done, and reads with `offset`/`length`. The baseline is, per question, the
 * fewest tokens any peer spends; the figure is Quiver's total over the best peers' total.
 * Quiver's results carry more than the peers' (line numbers on every read line, whole
 * matching lines where Desktop Commander shows only the match). Target: 0.8×. Counts do not
 * vary between runs, so one pass is the measurement. The notes say where the tokens go: how
 * many of the range read's are its line prefixes, and the figure with the calls a model writes
 * counted too (server-filesystem needs one `list_directory` per folder); the row's figure
 * counts results only.
 */
export async function benchToolResultTokens(ctx: BenchContext): Promise<BenchResult[]> {
  // A short path, like a project's: Desktop Commander prints absolute paths on every result
  // line, and a long scratch path would count against it.
  const dir = join(tmpdir(), `quiver-tokens-${process.pid}`);
  const tree = join(dir, 'src');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ctx.repoRoot, 'packages/core/src'), tree, { recursive: true });
  try {
    return await measure(ctx, dir, tree);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(ctx: BenchContext, dir: string, tree: string): Promise<BenchResult[]> {
  const folders = foldersOf(tree);
  const rangeFile = largestSource(tree);
  const questions: Question[] = [
    { id: 'tree', what: `list the tree (${folders.length} folders, ${filesIn(tree)} files)` },
    { id: 'symbol', what: `find '${TOKENS_SYMBOL}'` },
    { id: 'range', what: `read lines ${RANGE.first}–${RANGE.last} of ${rangeFile}` },
  ];

  const quiver = await answerAll(process.execPath, [ctx.cliBin, 'mcp', '--cwd', tree], tree, {}, async (s) => ({
    tree: [await ask(s, 'list_files recursive', [{ name: 'list_files', arguments: { path: '.', recursive: true } }])],
    symbol: [await ask(s, 'search_files', [{ name: 'search_files', arguments: { path: '.', regex: TOKENS_SYMBOL } }])],
    range: [
      await ask(s, 'read_file start_line/end_line', [
        { name: 'read_file', arguments: { path: rangeFile, start_line: RANGE.first, end_line: RANGE.last } },
      ]),
    ],
  }));

  const fs = serverFilesystem();
  const filesystem = await answerAll(process.execPath, [fs.bin, ...fs.args(tree)], tree, {}, async (s) => ({
    tree: [
      await ask(s, 'directory_tree', [{ name: 'directory_tree', arguments: { path: tree } }]),
      await ask(
        s,
        `list_directory ×${folders.length}`,
        folders.map((f) => ({ name: 'list_directory', arguments: { path: join(tree, f) } })),
      ),
    ],
    symbol: [],
    range: [
      await ask(s, `read_text_file head ${RANGE.last}`, [
        { name: 'read_text_file', arguments: { path: join(tree, rangeFile), head: RANGE.last } },
      ]),
    ],
  }));

  const dc = desktopCommander();
  const commander = dc
    ? await answerAll(process.execPath, [dc.bin, ...dc.args(tree)], tree, dc.env?.(dir, tree) ?? {}, async (s) => ({
        tree: [await ask(s, 'list_directory depth 10', [{ name: 'list_directory', arguments: { path: tree, depth: 10 } }])],
        symbol: [{ how: 'start_search + get_more_search_results', ...(await commanderSearch(s, tree)) }],
        range: [
          await ask(s, 'read_file offset/length', [
            {
              name: 'read_file',
              arguments: { path: join(tree, rangeFile), offset: RANGE.first - 1, length: RANGE.last - RANGE.first + 1 },
            },
          ]),
        ],
      }))
    : undefined;

  const peers: { name: string; answers: Record<string, Spent | undefined> }[] = [
    { name: 'server-filesystem', answers: filesystem },
    ...(commander && dc ? [{ name: 'desktop-commander', answers: commander }] : []),
  ];
  let mine = 0;
  let theirs = 0;
  const notes: string[] = [];
  for (const q of questions) {
    const own = quiver[q.id]!;
    const best = peers
      .map((p) => ({ peer: p.name, spent: p.answers[q.id] }))
      .filter((p): p is { peer: string; spent: Spent } => p.spent !== undefined)
      .sort((a, b) => a.spent.tokens - b.spent.tokens)[0];
    if (!best) throw new Error(`no peer answers "${q.what}"`);
    mine += own.tokens;
    theirs += best.spent.tokens;
    const others = peers
      .map((p) => `${p.name} ${p.answers[q.id] ? `${p.answers[q.id]!.tokens} (${p.answers[q.id]!.how})` : 'cannot'}`)
      .join(', ');
    notes.push(
      `${q.what}: Quiver ${own.tokens} (${own.how}) vs best ${best.spent.tokens} (${best.peer}) → ${(own.tokens / best.spent.tokens).toFixed(2)}×; ${others}`,
    );
  }
  // Beside the per-question best: each peer alone on the questions it can answer at all.
  for (const p of peers) {
    const answered = questions.filter((q) => p.answers[q.id]);
    if (answered.length !== questions.length) continue;
    const total = answered.reduce((n, q) => n + p.answers[q.id]!.tokens, 0);
    notes.push(`${p.name} alone on all three: ${total} → Quiver ${(mine / total).toFixed(2)}×`);
  }
  // Where the tokens go, so a miss says why: the line prefixes SPEC fixes for read_file, and
  // (not in the figure above) the calls a model writes to get each answer.
  const read = quiver.range!;
  const numbered = read.tokens - sumTokens(read.texts.map(withoutLineNumbers));
  notes.push(
    `read a range: ${numbered} of Quiver's ${read.tokens} tokens are its \`N | \` line prefixes (the format SPEC Part B §6 fixes); Desktop Commander numbers no line (one header gives the first line's offset), server-filesystem neither`,
  );
  let mineCalls = 0;
  let theirsCalls = 0;
  for (const q of questions) {
    mineCalls += quiver[q.id]!.tokens + quiver[q.id]!.callTokens;
    theirsCalls += Math.min(
      ...peers
        .map((p) => p.answers[q.id])
        .filter((a): a is Spent => a !== undefined)
        .map((a) => a.tokens + a.callTokens),
    );
  }
  notes.push(
    `with the calls counted too (tool name + arguments JSON a model writes, per call; server-filesystem's tree takes ${folders.length} list_directory calls): Quiver ${mineCalls} vs best ${theirsCalls} → ${(mineCalls / theirsCalls).toFixed(2)}× (not the row's figure, which counts results only)`,
  );
  notes.push(
    `peers: ${fs.package}@${fs.version}${dc ? `, ${dc.package}@${dc.version}` : ' (Desktop Commander not installed)'}; tokens of the result texts, gpt-tokenizer o200k_base`,
  );
  return [
    result(
      {
        id: 'tool-result-tokens',
        title: 'Tool-result tokens on list a tree, find a symbol, read a range vs the best MCP peer (o200k)',
        subjectLabel: 'quiver mcp: list_files, search_files, read_file',
        baselineLabel: 'per question the fewest tokens of server-filesystem or Desktop Commander, same information',
        unit: 'tokens',
        target: { kind: 'ratio', limit: 0.8 },
        notes,
      },
      { subject: stats([mine]), baseline: stats([theirs]), ratio: mine / theirs },
    ),
  ];
}

/** Start a server, get its answers, and keep the cheapest way it has for each question. */
async function answerAll(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  ask: (s: McpServerUnderTest) => Promise<Record<string, Answer[]>>,
): Promise<Record<string, Spent | undefined>> {
  const server = await startMcpServer(command, args, cwd, env);
  try {
    const answers = await ask(server);
    const spent: Record<string, Spent | undefined> = {};
    for (const [id, ways] of Object.entries(answers)) {
      const counted = ways.map((w) => ({
        how: w.how,
        texts: w.texts,
        tokens: sumTokens(w.texts),
        callTokens: sumTokens(w.calls.map(callText)),
      }));
      spent[id] = counted.sort((a, b) => a.tokens - b.tokens)[0];
    }
    return spent;
  } finally {
    await server.client.close();
  }
}

/** Ask `calls` in parallel, as a model's parallel tool calls. */
async function ask(server: McpServerUnderTest, how: string, calls: Call[]): Promise<Answer> {
  return { how, calls, texts: await Promise.all(calls.map((c) => text(server, c))) };
}

function sumTokens(texts: string[]): number {
  return texts.reduce((n, t) => n + countTokens(t), 0);
}

/** What a model writes to make a call: the tool's name and its arguments as JSON. */
function callText(call: Call): string {
  return `${call.name} ${JSON.stringify(call.arguments)}`;
}

/** A read result without its `N | ` line prefixes (SPEC Part B §6's format), for the notes. */
function withoutLineNumbers(text: string): string {
  return text.replace(/^\d+ \| /gm, '');
}

/** The text of a successful call (a failed one would not answer the question: it throws). */
async function text(server: McpServerUnderTest, call: Call): Promise<string> {
  const r = (await server.client.callTool(call)) as { isError?: boolean; content: { type: string; text?: string }[] };
  const body = r.content.map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n');
  if (r.isError || !body.trim()) throw new Error(`${call.name} ${JSON.stringify(call.arguments)} failed: ${body}`);
  return body;
}

/**
 * Desktop Commander's content search runs in the background: `start_search`, then (not
 * counted) waiting until `list_searches` shows it done, then one `get_more_search_results`
 * for the results its first answer did not show (none when it held them all). A model would poll;
 * counting one fetch is the peer's best case.
 */
async function commanderSearch(server: McpServerUnderTest, tree: string): Promise<{ calls: Call[]; texts: string[] }> {
  const start: Call = {
    name: 'start_search',
    arguments: { path: tree, pattern: TOKENS_SYMBOL, searchType: 'content', contextLines: 1, ignoreCase: false, literalSearch: true },
  };
  const started = await text(server, start);
  // Done at once with every result shown: the first answer is the whole answer.
  if (/Status: COMPLETED/.test(started) && !/\.\.\. and \d+ more results/.test(started)) return { calls: [start], texts: [started] };
  const id = /session:\s*(\S+)/.exec(started)?.[1];
  if (!id) throw new Error(`start_search gave no session id: ${started}`);
  for (let i = 0; i < 100; i++) {
    const list = await text(server, { name: 'list_searches', arguments: {} });
    if (!new RegExp(`${id}[^\\n]*(?:\\n[^\\n]*){0,4}(running|in progress)`, 'i').test(list)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // The results the first answer showed already are not fetched again.
  const shown = (started.match(/^📄 /gmu) ?? []).length;
  const fetch: Call = { name: 'get_more_search_results', arguments: { sessionId: id, offset: shown, length: 10_000 } };
  const more = await text(server, fetch);
  if (!/completed/i.test(more)) throw new Error(`the search did not complete: ${more.slice(0, 300)}`);
  return { calls: [start, fetch], texts: [started, more] };
}

/** Every folder of the tree, relative (`.` first), in a stable order. */
function foldersOf(root: string): string[] {
  const out = ['.'];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!e.isDirectory()) continue;
      out.push(relative(root, join(dir, e.name)));
      walk(join(dir, e.name));
    }
  };
  walk(root);
  return out;
}

function filesIn(root: string): number {
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** The longest non-test source file with at least {@link RANGE}.last lines (the range is in its middle). */
function largestSource(root: string): string {
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && statSync(join(root, f)).isFile())
    .map((f) => ({ f, lines: readFileSync(join(root, f), 'utf8').split('\n').length }))
    .filter((x) => x.lines > RANGE.last)
    .sort((a, b) => b.lines - a.lines || a.f.localeCompare(b.f));
  if (!files.length) throw new Error(`no source file of more than ${RANGE.last} lines in ${root}`);
  return files[0]!.f;
}
