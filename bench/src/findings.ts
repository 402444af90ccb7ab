/**
 * What the profiles of the missed rows showed when they were investigated (by hand, beside
 * the automatic profile the report prints for every miss). Keyed by result id; shown only
 * while that row misses its target. Figures here were measured separately, on the same
 * machine, while writing the benchmarks.
 */
export const FINDINGS: Readonly<Record<string, string>> = {
  'pipeline-overhead':
    'The same no-op tool without a path parameter costs 12–24 µs per call, so the gates, hooks and telemetry are near the target; ' +
    'the path parameter adds the rest. The path walk now uses `lstatSync` (it was one async `lstat` per component, ~170 µs a ' +
    'call through the libuv pool, 99 µs added in the first run); what remains is the syscalls themselves — `lstat` per path ' +
    'component and two `stat`s of the ignore files for freshness (the `lstat`/`stat` rows of the profile) — plus the task ' +
    'scope awilix creates per call (`createContainerInternal`). Next steps: cache the ignore-file freshness check for a few ' +
    'milliseconds, cache resolved directory prefixes per call batch, and reuse one call scope when no plugin registers call ' +
    'services.',
  'list-walker':
    'Measured as CPU time on the same tree: the walk without any ignore check costs ~140–170 ms; with the IgnoreService ' +
    'filter ~200–260 ms, of which the matcher itself is ~35 ms and the rest is the walker building every entry\'s absolute ' +
    'path and calling the filter (@quiver/tool-list-files `isServiceIgnored`). `readdir` (native) and the walker\'s per-entry ' +
    'work dominate the profile; rg reads directories on two threads, the walker 32 at a time through the libuv pool from one ' +
    'JS thread. On this shared machine the row moves between ~0.9× and ~1.4× from run to run.',
  'list-tool':
    'The walk costs what the walker row costs; on top, `formatFilesList` in @quiver/tool-list-files sorts the ~88,000 ' +
    'paths with `Intl.Collator.compare` (numeric, case-insensitive) segment by segment: ~100–150 ms of CPU on its own ' +
    '(the `compareSegments` and sort callbacks in the profile), about half of rg\'s whole listing time. An ASCII fast path ' +
    'for the comparison, or sort keys computed once per path, would remove most of it; not done here (outside this change).',
  'exec-startup':
    'Module loading dominates. Measured as CPU time of a bare `import()`: @quiver/core ~150 ms, of which zod ~70 ms (99 ESM ' +
    'files), awilix ~50 ms (its entry `require`s fast-glob and ~20 CommonJS dependencies although core only uses ' +
    'createContainer/asValue/asFunction), semver ~26 ms (the whole index, 49 files; `semver/functions/satisfies` is ~16 ms) ' +
    'and tapable ~16 ms; the runtime\'s graph (core, shell, workspace, ignore) ~220 ms; `node -e 0` itself ~60 ms. ' +
    'bin.ts now imports nothing before dispatching (so `--help`/`--version` skip core), and exec loads only the read_file ' +
    'plugin, but the exec path needs core. Options outside this change: lighter container/semver imports in core, bundling the ' +
    'CLI with its dependencies, or Node 22\'s module compile cache.',
  'mcp-start':
    'Everything `quiver exec` loads, plus the MCP SDK and, above all, every tool plugin of the preset: `tools/list` needs each ' +
    'tool\'s JSON schema, and `listOfferedTools` (apps/cli/src/mcp/mcp-tools.ts) gets it by importing every plugin before ' +
    'the first answer (990 ms in the first run; browser_action now loads playwright-core and use_subagents the AI SDK only on ' +
    'their first call, which halved it). Most of the time is compiling CommonJS and ESM modules (`wrapSafe`, the cjs-module-lexer, ' +
    '`compileSourceTextModule`). JSON schemas precomputed into each plugin\'s manifest at build time would let `tools/list` ' +
    'answer from manifests alone and import a plugin on its first call; not done here (apps/cli and core are outside this change).',
  'mcp-calls':
    'The baseline column — the same read_file calls in-process, through the same pipeline — is itself above the target; the ' +
    'difference between the columns is the MCP side (JSON-RPC over stdio, the SDK\'s request handling and zod validation, ' +
    'and whatever the server\'s preset adds to each call). One small read_file is ~10 async filesystem operations: an `lstat` per path component (workspace.resolve), then ' +
    '`openConfined` (open the folder, `realpath` of /proc/self/fd/N, open the file through it, `realpath` again), `fstat`, ' +
    '`read`, two `close`s, plus two `statSync` of the ignore files. Each async one is a thread-pool round trip: the profile is ' +
    'about a third idle.',
  'mcp-rss':
    'Most of it is there right after tools/list (see the row\'s note): the module graph of the SDK, zod, core and every ' +
    'plugin of the preset, imported for their schemas (171 MB in the first run, before playwright-core and the AI SDK became ' +
    'first-call imports). The calls add heap growth on top. ' +
    'Importing plugins only on first use (schemas from the manifests) would lower the start figure most.',
};
