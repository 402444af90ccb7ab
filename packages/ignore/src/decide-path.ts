import type { GateDecision, PathAccess, ResolvedPath, WorkspaceRoot } from '@quiver/core';
import { isPathInside, relativeInside } from '@quiver/workspace';
import { matchKey } from './match-key.js';
import type { RootedMatch, RulesRegistry } from './rules-registry.js';

/** What {@link decidePath} needs to know besides the path. */
export interface PathContext {
  registry: RulesRegistry;
  roots: readonly WorkspaceRoot[];
  /** Ignore file names, the configured one first. */
  fileNames: readonly string[];
}

/**
 * SPEC P5–P7 for one resolved path (P4 first: outside every root, this gate has no say).
 * - P6: a write to an ignore file, to a file it `!include`s, or to anything with a `.git`
 *   component is denied.
 * - P5: ignored if the resolved path or the lexical path (when inside a root) is ignored;
 *   a directory is tested as a directory.
 * - P7: listing an ignored directory is denied (named P7 for `list` access).
 */
export function decidePath(ctx: PathContext, p: ResolvedPath, access: PathAccess): GateDecision {
  if (!p.inside) return { allowed: true };
  if (access === 'write') {
    const what = protectedReason(ctx.fileNames, relativeViews(ctx.roots, p)) ?? includedReason(ctx.registry, p);
    if (what) {
      return {
        allowed: false,
        rule: 'P6',
        subject: p.input,
        reason: `Writing "${p.input}" is not allowed: it is ${what} (rule P6). Leave protected files unchanged.`,
      };
    }
  }
  const asDirectory = testsAsDirectory(p, access);
  // The lexical path is tested too only where it differs (a symlink on the way); the same
  // path twice would get the same answer.
  const lexical = p.lexical !== p.resolved && ctx.roots.some((root) => isPathInside(p.lexical, root.path)) ? p.lexical : undefined;
  const hit = ctx.registry.match(p.resolved, asDirectory) ?? (lexical ? ctx.registry.match(lexical, asDirectory) : undefined);
  if (!hit) return { allowed: true };
  const rule = access === 'list' ? 'P7' : 'P5';
  const verb = access === 'list' ? 'Listing' : 'Access to';
  return {
    allowed: false,
    rule,
    subject: p.input,
    file: hit.source,
    reason: `${verb} "${p.input}" is denied: ${describeMatch(hit)} (rule ${rule}).`,
  };
}

/** A sentence naming the file and pattern that ignore a path. */
export function describeMatch(hit: RootedMatch): string {
  return `"${hit.relative}" is ignored by ${hit.source} (pattern "${hit.pattern.trim()}")`;
}

/**
 * A directory is tested as a directory (`secrets/` matches it). A path that does not exist yet
 * counts as one when the request says so: a trailing `/`, or a listing.
 */
function testsAsDirectory(p: ResolvedPath, access: PathAccess): boolean {
  if (p.exists) return p.isDirectory;
  return access === 'list' || /\/\.?$/.test(p.input);
}

interface RelativeViews {
  /** Relative paths of the request inside roots: the physical one and the lexical one. */
  relatives: string[];
}

function relativeViews(roots: readonly WorkspaceRoot[], p: ResolvedPath): RelativeViews {
  const relatives = [p.relative];
  for (const root of roots) {
    const rel = relativeInside(p.lexical, root.path);
    if (rel !== undefined) relatives.push(rel);
  }
  return { relatives };
}

function includedReason(registry: RulesRegistry, p: ResolvedPath): string | undefined {
  const hit = [p.resolved, p.lexical].find((abs) => registry.isIncludedFile(abs));
  return hit ? 'a file the ignore file includes (its lines are ignore rules)' : undefined;
}

function protectedReason(fileNames: readonly string[], views: RelativeViews): string | undefined {
  const names = new Set(fileNames.map(matchKey));
  for (const rel of views.relatives) {
    const parts = matchKey(rel).split('/');
    if (parts.includes('.git')) return `inside .git/ ("${rel}")`;
    const file = parts.find((part) => names.has(part));
    if (file) return `the ignore file ${file}`;
  }
  return undefined;
}
