/**
 * The performance fixes made because of these benchmarks, for the report's "Fixes" section.
 * Written by hand: each names the change and what it moved.
 */
export const FIXES: readonly string[] = [
  '- **@quiver/ignore — listing matcher** (`listing-matcher.ts`, used by `listingFilter()`/`createListingFilter`). Before, ' +
    'every entry of a walk went through `registry.match`: NFC-normalise and lower-case the whole relative path, split it, scan ' +
    'its parts for built-in names, then `ignore.test` of the full path, whose per-path result cache (an object keyed by every ' +
    'path seen) made each new entry cost a hash, an internalised key and a dictionary insert. The first full run measured the ' +
    'list_files tool at 2.80× rg (979 vs 350 ms) with the ignore code at ~35% of its profile (`ignore` `_t` 13.8%, ' +
    "`matchRootRules` 7.2%, `matchKey` 5.4%, …). Now a directory's place in each root (relative path, key, built-in names, its " +
    'own verdict) is worked out once per directory; an entry adds only its name; and for an ignore file made only of name ' +
    'patterns (no `/` but a trailing one — the usual `.quiverignore`) an entry under a folder that is not ignored takes the ' +
    'verdict of its bare name, computed once per distinct name. `matchKey` skips `normalize()` for ASCII text. Verdicts are ' +
    'unchanged: a differential test compares the new matcher with `match()` on every path of a tricky tree (Unicode ' +
    'normalisation, final sigma, built-in names, `.`/`..`/empty components, nested roots, anchored and negated rules). CPU time ' +
    'to judge the ~90,000 entries of the corpus: 200–370 ms → 55–80 ms for a fresh walk, 125–150 ms → ~50 ms with warm caches.',
  '- **@quiver/ignore — `checkPath` / `isIgnored` freshness check.** Every check stats the ignore files to see whether they ' +
    'changed; `.clineignore` is usually missing, and `statSync` threw (and built) an ENOENT error for it on every call. With ' +
    '`throwIfNoEntry: false`, and the lexical path matched only when it differs from the resolved one, a `checkPath` costs ' +
    '~5 µs of CPU instead of ~12 µs (measured over 20,000 checks); the two `stat` system calls are what is left.',
  '- **apps/cli/src/bin.ts — no static imports.** `@quiver/core` was imported before dispatching only to format errors; it is ' +
    'now loaded on the error path alone, so `quiver --help`, `--version` and a mistyped command no longer load core and its ' +
    'dependencies (~150 ms of CPU). Commands were already imported lazily, and `exec` already loads only the plugin it calls, ' +
    'so the exec row itself is not moved by this; see its finding.',
  "- **Issue 16 — tool descriptors in manifests.** Each plugin's build writes `dist/quiver-tools.json` " +
    "(`quiver-describe-tools`, core's generic `describeTool()`), named by `quiver.descriptors`; tools/list, `quiver tools`, " +
    'the agent loop and the VS Code contributions read it, so `quiver mcp` imports no plugin before its first call (a test ' +
    "regenerates every first-party plugin's descriptors from its zod source and compares).",
  "- **Issue 16 — core bundles awilix (no fast-glob) and semver's satisfies**; **openConfined** does its directory open, " +
    'real-path checks and fstat synchronously (5 fewer thread-pool round trips per file call); **list_files** sorts by keys ' +
    'computed once; the bench runs **@modelcontextprotocol/server-filesystem** beside `quiver mcp` in the same rounds.',
  '- **Issue 16 (session 6) — list_files per folder.** An uncut walk is sorted folder by folder and written in one ' +
    'depth-first pass (same text: differential tests; falls back to the path sort where the keyed order cannot follow ' +
    "folders); `@quiver/ignore` `ListingFilter.folder(dir)` judges a folder's entries without building their paths (one " +
    'yes/no per name where the rules judge by name); `.gitignore` files are read synchronously. In-process CPU per call, ' +
    'A/B at load ~35: uncapped 875 → 405 ms, cap 200 97 → 66 ms (medians).',
];
