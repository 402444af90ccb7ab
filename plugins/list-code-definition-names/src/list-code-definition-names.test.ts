import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestHarness, type TestHarness } from '@quiver/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from './index.js';
import { DIRECTORY_MISSING, NO_DEFINITIONS, PATH_IS_FILE } from './list-code-definition-names-tool.js';
import { SAMPLE_SOURCES } from './sample-sources.examples.js';

const TOOL = 'list_code_definition_names';
let h: TestHarness | undefined;
const temps: string[] = [];
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

async function harness(files: Record<string, string>, more: Partial<Parameters<typeof createTestHarness>[0]> = {}): Promise<TestHarness> {
  h = await createTestHarness({ plugins: [plugin], files, ...more });
  return h;
}

/** The result's block for one file: from its name line to the blank line after it. */
function block(text: string, file: string): string {
  const start = text.indexOf(`${file}\n|----\n`);
  if (start < 0) throw new Error(`no block for ${file} in:\n${text}`);
  return text.slice(start, text.indexOf('|----\n\n', start) + '|----\n\n'.length);
}

const bar = (...lines: string[]) => lines.map((l) => (l === '-' ? '|----' : `│${l}`)).join('\n');

const EXPECTED: Record<string, string> = {
  'sample.ts': bar(
    '-',
    'export interface Shape {',
    '  area(): number;',
    '-',
    'export type Point = { x: number; y: number };',
    '-',
    'export enum Color {',
    '-',
    'export abstract class Circle implements Shape {',
    '  constructor(private radius: number) {}',
    '-',
    '  area(): number {',
    '-',
    '  abstract name(): string;',
    '-',
    'export function load(path: string): Promise<string> {',
    '-',
    'export const double = (n: number): number => n * 2;',
    '-',
    'namespace Geometry {',
    '-',
    "declare module 'virtual' {",
    '  export function hi(): void;',
    '-',
  ),
  'sample.js': bar(
    '-',
    'class Greeter {',
    '  constructor(name) {',
    '-',
    '  greet() {',
    '-',
    'function add(a, b) {',
    '-',
    'const multiply = (a, b) => a * b;',
    '-',
    'const handler = function (event) {',
    '-',
  ),
  'sample.py': bar(
    '-',
    'class Animal:',
    '-',
    '    def __init__(self, name):',
    '-',
    '    def speak(self):',
    '-',
    'class Dog(Animal):',
    '    def speak(self):',
    '-',
    'def main():',
    '-',
    'async def fetch(url):',
    '-',
  ),
  'sample.rs': bar(
    '-',
    'pub struct Point {',
    '-',
    'pub enum Shape {',
    '-',
    'pub trait Area {',
    '    fn area(&self) -> f64;',
    '-',
    'impl Area for Shape {',
    '    fn area(&self) -> f64 {',
    '-',
    'mod geometry {',
    '    pub fn origin() -> (i32, i32) {',
    '-',
    'type Pair = (i32, i32);',
    '-',
    'pub fn main() {',
    '-',
  ),
  'sample.go': bar(
    '-',
    'type Server struct {',
    '-',
    'type Handler interface {',
    '-',
    'type ID int',
    '-',
    'func (s *Server) Serve() error {',
    '-',
    'func NewServer(addr string) *Server {',
    '-',
    'func main() {',
    '-',
  ),
  'Sample.java': bar(
    '-',
    'public class Sample {',
    '-',
    '    public Sample(int count) {',
    '-',
    '    public int getCount() {',
    '-',
    '    interface Listener {',
    '        void onEvent(String name);',
    '-',
    '    enum Level { LOW, HIGH }',
    '-',
    'record Pair(int a, int b) {}',
    '-',
  ),
  'sample.c': bar(
    '-',
    'struct point {',
    '-',
    '} size_t2;',
    '-',
    'enum color { RED, GREEN };',
    '-',
    'static int add(int a, int b) {',
    '-',
    'int main(void) {',
    '-',
  ),
  'sample.h': bar('-', 'struct node {', '-', 'int count_nodes(struct node *head);', '-'),
  'sample.cpp': bar(
    '-',
    'namespace app {',
    '-',
    'class Widget {',
    '-',
    '    Widget(int size);',
    '    int size() const { return size_; }',
    '-',
    'struct Config {',
    '-',
    'T maximum(T a, T b) {',
    '-',
    'int app::Widget::compute() {',
    '-',
    'int main() {',
    '-',
  ),
  'sample.rb': bar(
    '-',
    'module Shop',
    '  class Cart',
    '    def initialize',
    '-',
    '    def add(item)',
    '-',
    '    def self.empty',
    '-',
    'def total(cart)',
    '-',
  ),
};

describe('list_code_definition_names through the pipeline', () => {
  it('lists the definitions of real files in every language, in the baseline format', async () => {
    const t = await harness(SAMPLE_SOURCES);
    const r = await t.call(TOOL, { path: '.' });
    expect(r.isError).toBe(false);
    const text = t.text(r);
    for (const [file, body] of Object.entries(EXPECTED)) expect(block(text, file), file).toBe(`${file}\n${body}\n\n`);
    expect(block(text, 'sample.kt')).toContain('│data class User(val name: String)\n|----\n│object Registry {\n│    fun register() {}\n');
    expect(block(text, 'sample.swift')).toContain(
      '│protocol Drawable {\n│    func draw()\n|----\n│class View: Drawable {\n|----\n│    init(frame: Int) {\n',
    );
    expect(block(text, 'sample.php')).toContain(
      '│trait Loud\n|----\n│    public function shout() {}\n|----\n│class Greeter implements Greets\n',
    );
    expect(block(text, 'Sample.cs')).toContain('│    public struct Vec { public int X; }\n|----\n│    public enum Kind { A, B }\n');
    expect(block(text, 'sample.tsx')).toContain(
      '│export function Header({ title }: Props) {\n|----\n│export const Footer = () => <footer />;\n',
    );
    expect(block(text, 'sample.jsx')).toBe(block(text, 'sample.js').replace('sample.js', 'sample.jsx'));
    // Files in name order; the result ends with the last block's blank line.
    const names = [...text.matchAll(/^(\S+)\n\|----$/gm)].map((m) => m[1]);
    expect(names).toEqual(Object.keys(SAMPLE_SOURCES).sort((a, b) => (a < b ? -1 : 1)));
    expect(text.endsWith('|----\n\n')).toBe(true);
    expect(t.mistakes.count).toBe(0);
  });

  it('says No source code definitions found. when nothing is defined (a success)', async () => {
    const t = await harness({ 'README.md': '# hi', 'consts.ts': 'const x = 1;\nexport default x;\n', 'empty.py': '' });
    const r = await t.call(TOOL, { path: '.' });
    expect(r.isError).toBe(false);
    expect(t.text(r)).toBe(NO_DEFINITIONS);
  });

  it('reads the top level only, relative to the directory given', async () => {
    const t = await harness({ 'pkg/top.py': 'def top():\n    pass\n', 'pkg/sub/deep.py': 'def deep():\n    pass\n' });
    expect(t.text(await t.call(TOOL, { path: 'pkg' }))).toBe('top.py\n|----\n│def top():\n|----\n\n');
  });

  it('parses at most 50 files (plugin option maxFiles lowers it)', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`m${String(i).padStart(2, '0')}.go`] = `package m\n\nfunc F${i}() {}\n`;
    const t = await harness(files);
    const text = t.text(await t.call(TOOL, { path: '.' }));
    expect(text.match(/^m\d\d\.go$/gm)).toHaveLength(50);
    expect(text).toContain('m49.go\n');
    expect(text).not.toContain('m50.go');
    await t.dispose();
    const small = await harness(files, { plugins: [{ plugin, options: { maxFiles: 2 } }] });
    expect(small.text(await small.call(TOOL, { path: '.' }))).toBe(
      'm00.go\n|----\n│func F0() {}\n|----\n\nm01.go\n|----\n│func F1() {}\n|----\n\n',
    );
  });

  it('skips files larger than maxFileBytes', async () => {
    const t = await harness(
      { 'big.py': `def big():\n    return ${'1 + '.repeat(100)}1\n`, 'small.py': 'def small():\n    pass\n' },
      {
        plugins: [{ plugin, options: { maxFileBytes: 100 } }],
      },
    );
    expect(t.text(await t.call(TOOL, { path: '.' }))).toBe('small.py\n|----\n│def small():\n|----\n\n');
  });
});

describe('errors (SPEC Part B §16.17, §16.x.12): each counts a mistake', () => {
  it('refuses a file', async () => {
    const t = await harness({ 'a.ts': 'function a() {}' });
    const r = await t.call(TOOL, { path: 'a.ts' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain(PATH_IS_FILE);
    expect(t.text(r)).toContain('provided path is a file');
    expect(t.mistakes.count).toBe(1);
  });

  it('refuses a missing directory', async () => {
    const t = await harness({ 'a.ts': '' });
    const r = await t.call(TOOL, { path: 'nope' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain(DIRECTORY_MISSING);
    expect(t.mistakes.count).toBe(1);
  });

  it('names the language whose grammar fails to load', async () => {
    const grammars = await mkdtemp(join(tmpdir(), 'quiver-grammars-'));
    temps.push(grammars);
    await writeFile(join(grammars, 'tree-sitter-python.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 9, 9, 9, 9]));
    const t = await harness({ 'a.py': 'def a():\n    pass\n' }, { plugins: [{ plugin, options: { grammarDirectory: grammars } }] });
    const r = await t.call(TOOL, { path: '.' });
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain('Error listing code definitions: could not load the tree-sitter grammar for Python');
    expect(t.mistakes.count).toBe(1);
  });

  it('asks for the missing path parameter', async () => {
    const t = await harness({});
    const r = await t.call(TOOL, {});
    expect(r.isError).toBe(true);
    expect(t.text(r)).toContain("Missing value for required parameter 'path'");
    expect(t.mistakes.count).toBe(1);
  });
});

describe('ignore rules, links and approval', () => {
  it('leaves ignored files out and refuses an ignored directory before listing', async () => {
    const t = await harness({
      '.quiverignore': 'secret.ts\nprivate/\n',
      'secret.ts': 'function secret() {}',
      'open.ts': 'function open() {}',
      'private/p.ts': 'function p() {}',
    });
    expect(t.text(await t.call(TOOL, { path: '.' }))).toBe('open.ts\n|----\n│function open() {}\n|----\n\n');
    const r = await t.call(TOOL, { path: 'private' });
    expect(r.isError, t.text(r)).toBe(true);
    expect(t.text(r)).toContain('.quiverignore');
    expect(t.text(r)).not.toContain('function p');
    expect(t.mistakes.count).toBe(1);
  });

  it('follows links to files inside the workspace, not out of it', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'quiver-outside-'));
    temps.push(outside);
    await writeFile(join(outside, 'out.ts'), 'function outside() {}');
    const t = await harness({ 'lib/real.ts': 'function real() {}', 'src/own.ts': 'function own() {}' });
    await symlink(join(t.root, 'lib/real.ts'), t.path('src/linked.ts'));
    await symlink(join(outside, 'out.ts'), t.path('src/out.ts'));
    await symlink(join(t.root, 'missing.ts'), t.path('src/dangling.ts'));
    await mkdir(t.path('src/dir.ts'));
    expect(t.text(await t.call(TOOL, { path: 'src' }))).toBe(
      'linked.ts\n|----\n│function real() {}\n|----\n\nown.ts\n|----\n│function own() {}\n|----\n\n',
    );
  });

  it('asks for approval (read category) before reading anything, and stops on a no', async () => {
    const t = await harness({ 'a.ts': 'function a() {}' }, { config: { approval: { readFiles: false } }, approve: false });
    const r = await t.call(TOOL, { path: '.' });
    expect(r.isError).toBe(true);
    expect(t.approvals).toHaveLength(1);
    expect(t.approvals[0].category).toBe('read');
    expect(t.text(r)).toContain('denied');
    expect(t.text(r)).not.toContain('function a');
  });

  it('is auto-approved by default for paths inside the workspace', async () => {
    const t = await harness({ 'a.ts': 'function a() {}' });
    expect((await t.call(TOOL, { path: '.' })).isError).toBe(false);
    expect(t.approvals).toHaveLength(0);
  });
});

describe('hostile files (SPEC R1)', () => {
  it('a 3 GB sparse source file and a FIFO named like one are skipped, not read; the other files are listed', async () => {
    const { execFileSync } = await import('node:child_process');
    const { truncateSync, writeFileSync } = await import('node:fs');
    const t = await harness({ 'ok.ts': 'export function visible() {}\n' });
    writeFileSync(t.path('huge.ts'), 'export function hidden() {}\n');
    truncateSync(t.path('huge.ts'), 3 * 1024 ** 3);
    execFileSync('mkfifo', [t.path('pipe.ts')]);
    const r = await t.call('list_code_definition_names', { path: '.' });
    expect(r.isError).toBe(false);
    expect(t.text(r)).toContain('visible');
    expect(t.text(r)).not.toContain('hidden');
  });
});
