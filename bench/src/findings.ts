/**
 * What the profiles of the missed rows showed when they were investigated (by hand, beside
 * the automatic profile the report prints for every miss). Keyed by result id; shown only
 * while that row misses its target. Figures here were measured separately, on the same
 * machine, while writing the benchmarks.
 */
export const FINDINGS: Readonly<Record<string, string>> = {
  'sandbox-overhead':
    'Profiled on 1 Dec 2026 (perf record -g, perf stat task-clock, strace -c -f; load 5–25 on 2 cores). A command with its ' +
    'own bubblewrap costs ~22 ms of CPU against 1.5 ms for `bash -c true`: ~11 ms is bubblewrap before any mask (new user, ' +
    'mount, PID, network, IPC, UTS and cgroup namespaces — setup_net alone ~4% —, the recursive read-only bind of /, --dev ' +
    'with its six device binds, --proc, two execs) and ~11 ms the 200 folder masks: a tmpfs superblock each (fc_mount → ' +
    "shmem_fill_super, alloc_super, per-cpu counters: 27% of the CPU) and ~9 stats each for the mount point's parents " +
    '(1,871 newfstatat: 21%); a bind instead re-reads /proc/self/mountinfo (show_mountinfo) each time. 200 tmpfs at ' +
    'depth 9 cost 11.2 ms of CPU, at depth 3 8.3 ms, so with bubblewrap the masks alone keep the row above 15 ms. Levers ' +
    'measured: a second bubblewrap inside a long-lived namespace holding the masks is slower (16.6 ms CPU: it copies 220 ' +
    'mounts and reads a 440–660-line mountinfo three times); nsenter into such a namespace + unshare + mount of a fresh ' +
    '/tmp + setpriv is ~11.6 ms CPU (~8 ms added at best) but needs /proc/sys, /dev/shm, devpts and roots under /tmp ' +
    'mounted again per command and loses the loopback bubblewrap sets up, so it was not taken. What landed is a sandbox ' +
    'made one command ahead (the same bubblewrap, built between commands) that the next command joins with nsenter + ' +
    'setpriv + env: ~5–6 ms of CPU per command instead of ~22. Commands 800 ms apart (the notes): 16.9 ms added against ' +
    "63.6 ms with every command's own bubblewrap, same run, load 29. Back to back (this row's figure) the next sandbox is " +
    'made only after 500 ms without a new command, so such commands never wait for one or share the cores with it: the ' +
    'row is the own-bubblewrap cost (62.6 ms added at load 29; ~20 ms at idle), above 15 ms for the reasons above.',
  'pipeline-overhead':
    'CPU time in-process (process.cpuUsage, alternating batches of 4,000 calls against the previous build in the same ' +
    'process, load 20–40 on 2 cores): ~45–60 µs per call; the wall figure in the table is 2–4× that because the machine is ' +
    'loaded. The filesystem is a floor of ~14 µs of it at idle: `statSync` of `.quiverignore` (4.2 µs) and of the missing ' +
    '`.clineignore` (1.4 µs) for freshness, and an `lstatSync` per path component below the root (4.3 µs each, two on ' +
    'average here). Measured alone, a stat that finds nothing costs 1.4 µs: the other ~2.8 µs of each is the Stats object ' +
    'Node 20 builds (four Dates), which no public fs call avoids (realpathSync.native is 7.4 µs, and the walk still needs ' +
    "each component's type). Caches that would skip the stats were not added because none is safe: an `fs.watch` event " +
    'arrives on a later event-loop turn, so a call right after an edit or a symlink swap could still run on the old answer, ' +
    'and a resolved prefix cannot be revalidated with fewer syscalls than the walk (a stat of the last folder misses an ' +
    'ancestor swapped for a link to the same folder). The JS left (~30–40 µs at idle: the call scope, the two hook events, ' +
    'zod, the task config, telemetry, the loop signature, GC) was cut in session 5 — gates answer synchronously when they ' +
    'have nothing to wait for, one services object per call, no result copy, values of a scope without an awilix container, ' +
    'plain-number stamps — from 24.3 to 20.4 KB allocated per call (inspector sampling heap profiler, collected objects ' +
    'included) and ~10% CPU; < 20 µs would leave ~6 µs for all of it beside the stats.',
  'list-walker':
    'Measured as CPU time on the same tree: the walk without any ignore check costs ~140–170 ms; with the IgnoreService ' +
    "filter ~200–260 ms, of which the matcher itself is ~35 ms and the rest is the walker building every entry's absolute " +
    "path and calling the filter (@quiver/tool-list-files `isServiceIgnored`). `readdir` (native) and the walker's per-entry " +
    'work dominate the profile; rg reads directories on two threads, the walker 32 at a time through the libuv pool from one ' +
    'JS thread. On this shared machine the row moves between ~0.9× and ~1.4× from run to run.',
  'list-tool':
    'The walk costs what the walker row costs; on top, `formatFilesList` sorts the ~88,000 paths (numeric, ' +
    "case-insensitive). The sort now computes each segment's key once (weights read from the collator at load, ASCII only, " +
    "English locale) and sorts one flat string per path with the engine's own sort instead of calling `Intl.Collator.compare` " +
    'from a JS comparator; a differential test keeps the order identical. What remains is the walk and the formatting.',
  'exec-startup':
    'The CLI is one bundle (one core, one zod) and exec imports only read_file. Session 5 took createRuntime from ~54 to ~20 ms ' +
    'of CPU (5 cpu-profiles, load ~5–30): plugin folders found with one stat per node_modules instead of a createRequire and ' +
    "require.resolve per plugin; a bundled plugin's manifest the build checked is not zod/semver-checked again; the core " +
    "range ^x.y.z of core's own version needs no semver (its first call was 5–10 ms); one-shot zod parses (config, approval " +
    "settings, plugin options, manifests) run jitless; node:http/net/readline load on first use; defineTool's JSON Schema is " +
    'built on first read. Alternating in one run, load 5–30: CPU per process node -e 0 ~100–135 ms, exec ~310→270 ms (median ' +
    '400→340); wall ratio 2.8× → 2.0–2.7× depending on load. What is left (profile): ~55 ms V8 compiling the ~880 KB of chunks ' +
    'exec loads (zod 390 KB, core 210 KB; minifying did not help), ~45 ms evaluating the core chunk, nearly all of it zod ' +
    "schemas built at import by core (config, hooks, approval, manifest, sections), ~25 ms GC, ~20 ms Node's ESM loader and " +
    "built-ins. Reaching 2× needs core's schemas built on first use (functions instead of module constants) and fewer bytes " +
    'compiled (a V8 code cache: Node 20.20 has no module.enableCompileCache).',
  'mcp-start':
    "`tools/list` is now answered from the plugins' generated descriptors (`quiver.descriptors`): no plugin is imported " +
    'before its first call. What is left is module loading: the MCP SDK (server-filesystem loads it too), zod, core, the ' +
    "runtime's graph (shell, workspace, ignore), the config and 26 manifests plus their descriptor files.",
  'mcp-calls':
    'The baseline column — the same read_file calls in-process, through the same pipeline — is itself above the target; the ' +
    "difference between the columns is the MCP side (JSON-RPC over stdio, the SDK's request handling and zod validation, " +
    'and the task each call runs in). Since session 5 a small whole-file read is synchronous (openConfinedSync: open the ' +
    'folder, realpath of /proc/self/fd/N, open the file through it, realpath, fstat; fstat, read, two closes): no thread-pool ' +
    'round trip; an MCP-like call in-process (createTask, read_file from the model, dispose) went from 703 to 312 µs CPU ' +
    '(min of alternating batches, load ~25).',
  'mcp-rss':
    'No plugin module is loaded before its first call any more (tools/list reads the generated descriptors); the start ' +
    "figure is the SDK, zod, core and the runtime graph; the calls add read_file's module and heap growth on top.",
  'list-tool-capped':
    'A cut listing ends with its folder summary, whose counts come from the same walk: past the 200th entry it goes on ' +
    'counting only (no paths kept) up to 5,000 entries or 2 s. Counting now reads 4 folders at a time, so it stops near ' +
    'that bound (with 32 in flight it read ~6,600 entries for it on this tree); the summary names the same folders with the ' +
    'same counts. CPU time in one process, alternating old/new, load ~25: median 90 → 83 ms, min wall 80 → 62 ms. The rest ' +
    '(cpu-profile of 20 calls): readdir ~17 ms a call, the ignore check of every counted entry ~13 ms (the counts must leave ' +
    "ignored files out, so each entry needs its path built and judged), the walk's own per-entry work ~12 ms, the nested " +
    '.gitignore reads ~9 ms, summary and formatting ~4 ms; the 200-entry walk alone is ~25 ms of it.',
  'tool-result-tokens':
    'Per question (see the notes): the range read is the miss. 214 of its tokens are the `N | ` line prefixes, the read_file ' +
    'format SPEC Part B §6 fixes (Part A keeps it), which neither peer carries; without them the range read would cost what ' +
    "Desktop Commander's does and the whole row about 0.80× (2,685 / 3,337 on 1 Dec 2026: still just above). list_files' format is fixed too (Part A: same output format as the " +
    'baseline); even grouped by folder it would save ~100 tokens here. search_files already shows whole lines with their ' +
    "numbers at 0.59×. Quiver's MCP results carry no structuredContent copy; server-filesystem's do, and only its text is counted.",
  'peer-small-reads':
    'Server CPU per call (/proc utime+stime, SDK client, servers alternating, 1,000 calls, load 28–30): quiver mcp ' +
    "2.2–2.5 ms before session 5's per-call changes, 1.7–2.0 ms after; server-filesystem 1.1 ms. Under strace -f (400 calls, " +
    'client included) the new server makes 4,693 futex and 1,621 epoll_pwait calls against 12,521 and 5,155 (the ' +
    'thread-pool round trips of a small read are gone). Wall time per call moved both ways between runs at that load; it is ' +
    'dominated by the scheduler. The profile of `quiver mcp` (3,000 calls, --cpu-prof) has no dominant function any more: ' +
    "writing the response (6%), the SDK's zod parsing of each message (~5%), the per-call task (createTask, its " +
    'AbortController and hook bus, dispose: ~5%), the gates and the read, a few per cent each, ~20% idle. What is left of ' +
    "the gap is the per-call task and Quiver's gates (ignore freshness, the P3 walk, the P8 checks), which " +
    'server-filesystem does not have.',
  'peer-rss':
    "V8's young generation grows with the allocation rate (~100 KB allocated per MCP call in session 4). Session 5 cut the " +
    'per-call garbage (no awilix task scope for a task that only holds values, no FileHandle or second buffer for a small ' +
    'read, 24.3 → 20.4 KB per pipeline call) but the peak did not follow: 102.3 → 101.8 MB after 1,000 calls in the same ' +
    'alternating run (server-filesystem 77.3 MB); the heap still reaches its grown semi-space. ' +
    '`--semi-space-growth-factor=1` held the peak at 83 MB in session 4 but cost ~15% CPU, so it is not set.',
};
