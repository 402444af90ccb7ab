/**
 * What the profiles of the missed rows showed when they were investigated (by hand, beside
 * the automatic profile the report prints for every miss). Keyed by result id; shown only
 * while that row misses its target. Figures here were measured separately, on the same
 * machine, while writing the benchmarks.
 */
export const FINDINGS: Readonly<Record<string, string>> = {
  'pipeline-overhead':
    'The same no-op tool without a path parameter costs 12–24 µs per call, so the gates, hooks and telemetry are near the target; ' +
    'the path parameter adds the rest. `workspace.resolve` alone takes ~170 µs per call: @quiver/workspace `resolvePhysical` ' +
    'walks the path with one async `lstat` per component (the `lstat` and idle time in the profile), each a libuv thread-pool ' +
    'round trip. The ignore gate now costs ~5 µs of CPU (two `stat`s of the ignore files for freshness, one match). ' +
    'Not fixed here (@quiver/workspace is outside this change): `lstatSync` for the component walk, which costs a few µs per ' +
    'component and no thread-pool hop, would bring the call close to the no-path figure.',
  'list-walker':
    'After the @quiver/ignore fix the ignore filter is under 10% of the walk; `readdir` (native) and the walker\'s own ' +
    'per-entry work in @quiver/tool-list-files dominate. rg reads directories on two threads; the walker reads 32 at a time ' +
    'through the libuv pool from one JS thread. On a loaded machine this row moves between ~1.1× and ~1.5× from run to run.',
  'list-tool':
    'The walk costs what the walker row costs; the rest is `formatFilesList` in @quiver/tool-list-files: sorting ~88,000 ' +
    'paths with `Intl.Collator.compare` (numeric, case-insensitive) takes 350–500 ms on its own. An ASCII fast path for the ' +
    'comparison (or precomputed sort keys) would remove most of it; not done here (outside this change).',
  'exec-startup':
    'Module loading dominates. Measured as CPU time of a bare `import()`: @quiver/core ~150 ms, of which zod ~70 ms (99 ESM ' +
    'files), awilix ~50 ms (its entry `require`s fast-glob and ~20 CommonJS dependencies although core only uses ' +
    'createContainer/asValue/asFunction), semver ~26 ms (the whole index, 49 files; `semver/functions/satisfies` is ~16 ms) ' +
    'and tapable ~16 ms; the runtime\'s graph (core, shell, workspace, ignore) ~220 ms; `node -e 0` itself ~60 ms. ' +
    'bin.ts now imports nothing before dispatching (so `--help`/`--version` skip core), and exec loads only the read_file ' +
    'plugin, but the exec path needs core. Options outside this change: lighter container/semver imports in core, bundling the ' +
    'CLI with its dependencies, or Node 22\'s module compile cache.',
  'mcp-start':
    'Everything `quiver exec` loads, plus the MCP SDK, Node\'s undici (fetch internals, pulled in by the mcp command\'s module ' +
    'graph at start) and every tool plugin: tools/list needs each tool\'s JSON schema, so all six plugins are imported before ' +
    'the first answer (list-files\' module body shows in the profile). Precomputed schemas in the manifests would let ' +
    'tools/list answer without importing any plugin.',
  'mcp-calls':
    'The same read_file calls in-process, through the same pipeline, cost most of the per-call time; stdio and JSON-RPC add ' +
    'the rest. One small read_file is ~10 async filesystem operations: an `lstat` per path component (workspace.resolve), then ' +
    '`openConfined` (open the folder, `realpath` of /proc/self/fd/N, open the file through it, `realpath` again), `fstat`, ' +
    '`read`, two `close`s, plus two `statSync` of the ignore files. Each async one is a thread-pool round trip: the profile is ' +
    'about a third idle.',
  'mcp-rss':
    'About 85 MB is reached right after tools/list (the module graph: SDK, zod, core and all six plugins, see the note in the ' +
    'row); the 1,000 calls add ~30 MB of heap growth. Loading plugins only on first use would also lower the first figure.',
};
