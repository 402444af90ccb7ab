import { coreServices } from '../../container/core-services.js';
import type { ServiceRef } from '../../container/service-ref.js';
import type { QuiverErrorCode } from '../../error-codes.js';
import { ERROR_CODES, isQuiverError } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import type { GateDecision, IgnoreService, PathAccess } from '../../services/ignore.js';
import { protectedPathsOf } from '../../services/protected-paths.js';
import type { ResolvedPath, WorkspaceRoot, WorkspaceService } from '../../services/workspace.js';

/** What {@link screenPath} found: the resolved path, or why the ignore-rules gate refuses it. */
export type PathScreen =
  | { readonly allowed: true; readonly path: ResolvedPath }
  | {
      readonly allowed: false;
      /** Why: `resolve` (P1–P3: malformed, unresolvable), `protected` (E1), `ignored` (P5–P7). */
      readonly stage: 'resolve' | 'protected' | 'ignored';
      readonly code: QuiverErrorCode;
      /** The message the gate gives the model. */
      readonly text: string;
      /** The rule that refused it (`P6`, `E1`, …), when one did. */
      readonly rule?: string;
      /** The ignore service's decision, for a P5–P7 refusal. */
      readonly decision?: GateDecision;
      /** The path, when it resolved. */
      readonly path?: ResolvedPath;
      /** What the gate shows the user (`ignore_error`); absent for a path that did not resolve. */
      readonly say?: string;
    };

/**
 * The ignore-rules gate's check of one path, as a function: resolve it through the workspace
 * (its `@name:` hint included, P1–P3), refuse a write to a protected file (E1), and ask the
 * ignore rules (P5–P7). The gate runs exactly this for every declared path parameter; a tool
 * whose paths are not parameters (a patch's paths are in its text) or that works before the
 * pipeline (a streaming preview) calls it to get the gate's answer rather than checking again
 * its own way. Without a workspace service nothing can be resolved: undefined.
 * @param options - `base`: the root a path without a hint resolves against (default: the
 * primary root), so a tool that fans one path out over several roots checks it in each.
 * @example
 * const screen = await screenPath(config.services, 'src/a.ts', 'write');
 * if (!screen?.allowed) return; // the gate would refuse it
 */
export async function screenPath(
  services: { find<T>(ref: ServiceRef<T>): T | undefined },
  input: string,
  access: PathAccess,
  options?: { readonly base?: WorkspaceRoot },
): Promise<PathScreen | undefined> {
  return screenPathNow(services, input, access, options);
}

/**
 * {@link screenPath}, answered synchronously when the workspace and ignore services can
 * (`resolveSync`, `checkPathSync`): the gate checks every declared path of every call, and
 * four promises per path were a measurable part of a call (internal). `barrier`, kept by the
 * caller for one call: set once this call waited for the workspace's `settle()`, after which
 * the call's other paths need no second wait.
 */
export function screenPathNow(
  services: { find<T>(ref: ServiceRef<T>): T | undefined },
  input: string,
  access: PathAccess,
  options?: { readonly base?: WorkspaceRoot },
  barrier?: { settled: boolean },
): PathScreen | undefined | Promise<PathScreen | undefined> {
  const workspace = services.find(coreServices.workspace);
  if (!workspace) return undefined;
  if (!workspace.resolveSync) return resolveThenScreen(services, workspace, input, access, options);
  if (barrier?.settled) return screenSync(services, workspace, input, access, options, true);
  // Waiting for the watchers (two event-loop hops) costs less than the stats they replace.
  const settling = workspace.settle?.();
  if (settling) {
    return settling.then(() => {
      if (barrier) barrier.settled = true;
      return screenSync(services, workspace, input, access, options, true);
    });
  }
  return screenSync(services, workspace, input, access, options, false);
}

const SETTLED = Object.freeze({ settled: true });

function screenSync(
  services: { find<T>(ref: ServiceRef<T>): T | undefined },
  workspace: WorkspaceService,
  input: string,
  access: PathAccess,
  options: { readonly base?: WorkspaceRoot } | undefined,
  settled: boolean,
): PathScreen | Promise<PathScreen> {
  let path: ResolvedPath;
  try {
    const { root, rest } = workspace.splitHint(input);
    const base = root ?? options?.base;
    const resolveSync = workspace.resolveSync as NonNullable<WorkspaceService['resolveSync']>;
    path = resolveSync.call(workspace, rest, base ? { base, settled } : settled ? SETTLED : undefined);
  } catch (e) {
    return unresolved(e);
  }
  return screenResolved(services, input, access, path, settled);
}

async function resolveThenScreen(
  services: { find<T>(ref: ServiceRef<T>): T | undefined },
  workspace: WorkspaceService,
  input: string,
  access: PathAccess,
  options?: { readonly base?: WorkspaceRoot },
): Promise<PathScreen | undefined> {
  let path: ResolvedPath;
  try {
    const { root, rest } = workspace.splitHint(input);
    const base = root ?? options?.base;
    path = await workspace.resolve(rest, base ? { base } : undefined);
  } catch (e) {
    return unresolved(e);
  }
  return screenResolved(services, input, access, path, false);
}

/** A path that did not resolve (P1–P3), as the gate refuses it; anything but a QuiverError is rethrown. */
function unresolved(e: unknown): PathScreen {
  if (!isQuiverError(e)) throw e;
  const text = e.rule && !e.message.includes(`rule ${e.rule}`) ? `${e.message} (rule ${e.rule})` : e.message;
  return { allowed: false, stage: 'resolve', code: e.code, text, rule: e.rule };
}

/** E1 for writes, then the ignore rules (P5–P7) on a resolved path. */
function screenResolved(
  services: { find<T>(ref: ServiceRef<T>): T | undefined },
  input: string,
  access: PathAccess,
  path: ResolvedPath,
  settled: boolean,
): PathScreen | Promise<PathScreen> {
  if (access === 'write') {
    // E1 before anything else, inside the workspace or outside it, and before approval:
    // no setting lets a tool rewrite what Quiver executes.
    const guard = protectedPathsOf(services).check(path);
    if (!guard.allowed) {
      const text = guard.reason ?? `Writing '${input}' is not allowed (rule E1).`;
      return { allowed: false, stage: 'protected', code: ERROR_CODES.PATH_PROTECTED, text, rule: 'E1', path, say: guard.reason ?? input };
    }
  }
  const ignore = services.find(coreServices.ignore);
  if (!ignore) return { allowed: true, path };
  if (ignore.checkPathSync) return judged(ignore, input, path, ignore.checkPathSync(path, access, settled));
  return ignore.checkPath(path, access).then((decision) => judged(ignore, input, path, decision));
}

/** The ignore service's decision as the gate's answer. */
function judged(ignore: IgnoreService, input: string, path: ResolvedPath, decision: GateDecision): PathScreen {
  if (decision.allowed) return { allowed: true, path };
  const subject = decision.subject ?? input;
  const text =
    decision.rule === 'P6'
      ? (decision.reason ??
        `Writing '${subject}' is not allowed (rule P6). Protected files (.git/ and the ignore file) cannot be written; leave them unchanged.`)
      : responses.ignoreError(subject, decision.file ?? ignore.fileName, decision.rule);
  const code = decision.rule === 'P6' ? ERROR_CODES.PATH_PROTECTED : ERROR_CODES.PATH_IGNORED;
  return { allowed: false, stage: 'ignored', code, text, rule: decision.rule, decision, path, say: decision.reason ?? subject };
}
