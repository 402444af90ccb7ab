import { join } from 'node:path';
import type { GateDecision, IgnoreService, PathAccess, ResolvedPath, WorkspaceService } from '@quiver/core';
import { folderWatchesOf } from '@quiver/workspace';
import { decidePath } from './decide-path.js';
import { listingFilterFrom, type ListingFilter } from './listing-filter.js';
import { createRulesRegistry } from './rules-registry.js';
import { screenCommand } from './screen-command.js';
import { loadAnalyzer, type CommandAnalyzer } from './shell-analysis.js';

/** Options for {@link createIgnoreService}. */
export interface IgnoreServiceOptions {
  /** The ignore file's name in each root. `.clineignore` is honoured too when present. @default '.quiverignore' */
  fileName?: string;
  /**
   * Also watch each root folder (`fs.watch`) so synchronous `isIgnored` calls see edits
   * without a stat per call. The async checks always compare the files' stat signature.
   * @default false
   */
  watch?: boolean;
}

/** The ignore service of `@quiver/ignore`: {@link IgnoreService} plus lifecycle and listing helpers. */
export interface QuiverIgnoreService extends IgnoreService {
  checkPathSync(path: ResolvedPath, access: PathAccess, settled?: boolean): GateDecision;
  /** Re-read every root's ignore files now. */
  reload(): Promise<void>;
  /** Stop watching. */
  dispose(): void;
  /** A listing filter over the current rules (checked for changes once, here). */
  listingFilter(): ListingFilter;
  /** Includes that were refused or unreadable, and unreadable ignore files, for the user. */
  problems(): string[];
  /**
   * The version of the rules now in force (checked for changes here): it changes whenever an
   * ignore file or an include changes, so what is derived from the rules can be cached by it.
   */
  rulesVersion(): string;
  /** The ignore files and includes the rules come from, existing or not (read-only inside the sandbox). */
  ruleFiles(): string[];
}

const CLINE_IGNORE = '.clineignore';

/**
 * Create the ignore service: `.quiverignore` (and `.clineignore`) in every root, with
 * gitignore semantics and `!include <file>` lines, for paths (SPEC P5–P7) and shell commands
 * (I1–I5). Edits to the ignore files take effect on the next check.
 *
 * @param workspace - The workspace service (roots and path resolution).
 * @param options - File name and watching.
 * @example
 * const ignore = await createIgnoreService(await createWorkspace(['/repo']));
 * const d = await ignore.checkCommand('cat .env', '/repo');
 * if (!d.allowed) console.log(d.rule, d.subject, d.reason); // I3 .env …
 */
export async function createIgnoreService(workspace: WorkspaceService, options: IgnoreServiceOptions = {}): Promise<QuiverIgnoreService> {
  const fileName = options.fileName ?? '.quiverignore';
  const fileNames = fileName === CLINE_IGNORE ? [fileName] : [fileName, CLINE_IGNORE];
  const roots = workspace.roots;
  // A workspace from @quiver/workspace lends its folder watches: a settled path check then
  // skips the ignore files' stats while the watches vouch for them.
  const registry = createRulesRegistry(roots, fileNames, options.watch ?? false, folderWatchesOf(workspace));
  let analyzer: Promise<CommandAnalyzer> | undefined;
  const screenContext = {
    analyzer: () => (analyzer ??= loadAnalyzer()),
    roots,
    match: registry.match,
  };

  const pathContext = { registry, roots, fileNames };
  const checkPathSync = (path: ResolvedPath, access: PathAccess, settled?: boolean): GateDecision => {
    registry.ensureFresh(settled === true);
    return decidePath(pathContext, path, access);
  };
  return {
    fileName,
    async checkPath(path: ResolvedPath, access: PathAccess): Promise<GateDecision> {
      return checkPathSync(path, access);
    },
    checkPathSync,
    isIgnored(absolutePath: string, isDirectory: boolean): boolean {
      registry.ensureFreshCheap();
      return registry.match(absolutePath, isDirectory) !== undefined;
    },
    async checkCommand(command, cwd): Promise<GateDecision> {
      registry.ensureFresh();
      // With no ignore file anywhere nothing can be ignored, so there is nothing to screen:
      // an unparsable command is then R1's business (command permissions), not this gate's.
      if (!registry.hasRules()) return { allowed: true };
      return screenCommand(screenContext, command, cwd);
    },
    async reload() {
      registry.reload();
    },
    dispose: registry.dispose,
    listingFilter() {
      registry.ensureFresh();
      const match = registry.listingMatcher();
      return listingFilterFrom((p, d) => match(p, d) !== undefined, roots, match.ignoredIn);
    },
    problems: registry.problems,
    rulesVersion() {
      registry.ensureFresh();
      return registry.version();
    },
    ruleFiles: () => roots.flatMap((r) => fileNames.map((name) => join(r.path, name))),
  };
}
