import { homedir, userInfo } from 'node:os';
import { z } from 'zod';
import { join, resolve } from 'node:path';
import {
  coreServices,
  createServiceRef,
  definePlugin,
  ERROR_CODES,
  HOOK_NAMES,
  quiverError,
  STAGE,
  type HookName,
  type PluginContext,
  type PluginDefinition,
} from '@quiver/core';
import { clineHookInput } from './cline-hook-input.js';
import { checkHookDirs, findHookScripts, type HookDir } from './find-hook-scripts.js';
import { runHookScripts, type CombinedHookOutput } from './run-hook-scripts.js';

/** The plugin's package name (taps are named after it). */
export const CLINE_HOOKS_PACKAGE = '@quiver/plugin-cline-hooks';

/** The per-script time limit of the baseline. */
export const DEFAULT_HOOK_TIMEOUT_MS = 30_000;

/**
 * The plugin's options (the config's `plugins` entry), parsed once when it loads: unknown keys
 * and bad values are a config error naming the file, the plugin and the key.
 */
export const clineHooksOptions = z
  .object({
    /** The global hooks folder; `false` for none. @default ~/Documents/Cline/Hooks */
    globalDir: z.union([z.string().min(1), z.literal(false)]).optional(),
    /** More folders of hook scripts (like Cline's `--hooks-dir`), run in the primary root. @default [] */
    dirs: z.array(z.string().min(1)).default([]),
    /** Per-script time limit in milliseconds. @default 30000 */
    timeoutMs: z.number().positive().finite().default(DEFAULT_HOOK_TIMEOUT_MS),
    /** What a failing or timed-out PreToolUse script does (Part A: block). Other hooks fail open. @default 'block' */
    onError: z.enum(['block', 'allow']).default('block'),
  })
  .strict()
  // The home folder is read when the plugin loads, not when this module is imported.
  .transform((o) => ({ ...o, globalDir: o.globalDir ?? join(homedir(), 'Documents', 'Cline', 'Hooks') }));

/** Options of the plugin as written in the config. */
export type ClineHooksOptions = z.input<typeof clineHooksOptions>;

/** The options as the plugin uses them: every default applied. */
type Options = z.output<typeof clineHooksOptions>;

// The agent loop's model service, read by id so this plugin need not depend on @quiver/agent.
const agentModel = createServiceRef<{ modelId?: string; provider?: string }>({ id: 'agent.model', scope: 'root' });

/**
 * Cline-style hook folders (SPEC Part A "Hooks", Part B §10): runs `.clinerules/hooks/<HookName>`
 * executables of every workspace root (and the global folder) for the nine hook events, with the
 * baseline's camelCase JSON on stdin and `{cancel, contextModification, errorMessage}` on stdout.
 * It registers no tools: it only taps the hook bus.
 */
export const clineHooksPlugin: PluginDefinition<typeof clineHooksOptions> = definePlugin({
  name: CLINE_HOOKS_PACKAGE,
  tools: [],
  options: clineHooksOptions,
  register(ctx) {
    const options = ctx.options;
    const dirsNow = () => hookDirs(ctx, options);
    checkHookDirs(dirsNow());
    for (const hook of Object.keys(HOOK_NAMES) as HookName[]) {
      const pre = hook === 'PreToolUse';
      ctx.hooks.tap(
        hook,
        {
          name: ctx.name,
          stage: STAGE.POLICY,
          timeoutMs: options.timeoutMs + 5000,
          onError: pre && options.onError === 'block' ? 'block' : 'continue',
        },
        async (event) => {
          const e = event as unknown as Record<string, unknown>;
          const scripts = findHookScripts(hook, dirsNow());
          if (!scripts.length) return undefined;
          const input = clineHookInput(hook, e, runContext(ctx, e));
          const out = await runHookScripts(scripts, input, {
            timeoutMs: options.timeoutMs,
            env: ctx.services.find(coreServices.childEnv)?.build(),
            sandbox: ctx.services.find(coreServices.sandbox),
          });
          return answer(ctx, hook, out, options) as never;
        },
      );
    }
  },
});

/** Each root's `.clinerules/hooks` (run in that root), then the global and extra folders (run in the primary root). */
function hookDirs(ctx: PluginContext<Options>, options: Options): HookDir[] {
  const roots = ctx.services.find(coreServices.workspace)?.roots.map((r) => r.path) ?? [process.cwd()];
  const primary = roots[0];
  // The workspace's own scripts are the folder's code: they run only once the user trusts it
  // (SPEC W1). No trust decision at all (a bare host) counts as untrusted.
  const trusted = ctx.services.find(coreServices.trust)?.trusted === true;
  const dirs: HookDir[] = trusted ? roots.map((root) => ({ dir: join(root, '.clinerules', 'hooks'), cwd: root })) : [];
  if (options.globalDir) dirs.push({ dir: options.globalDir, cwd: primary });
  for (const d of options.dirs) dirs.push({ dir: resolve(primary, d), cwd: primary });
  return dirs;
}

function runContext(ctx: PluginContext<Options>, event: Record<string, unknown>) {
  const model = ctx.services.find(agentModel);
  return {
    taskId: String(event.taskId ?? ''),
    workspaceRoots: ctx.services.find(coreServices.workspace)?.roots.map((r) => r.path) ?? [String(event.cwd ?? process.cwd())],
    model: { provider: model?.provider ?? '', slug: model?.modelId ?? '' },
    userId: safeUser(),
    version: 'quiver-0.1.0',
  };
}

/** Turn the scripts' answer into the Quiver tap result for the hook. */
function answer(ctx: PluginContext<Options>, hook: HookName, out: CombinedHookOutput, options: Options): unknown {
  if (out.failures.length) {
    if (hook === 'PreToolUse' && options.onError === 'block') throw quiverError(ERROR_CODES.HOOK_FAILED, out.failures.join('\n'), { hook });
    // Other hooks fail open (the baseline's rule): tell the user, carry on.
    void ctx.services.find(coreServices.ui)?.say('hook_error', `${hook} hook failed (ignored): ${out.failures.join('\n')}`);
  }
  const reason = out.errorMessage ?? (out.cancel ? `A ${hook} hook script asked to cancel.` : undefined);
  const additionalContext = out.contextModification;
  switch (HOOK_NAMES[hook]) {
    case 'parallel':
      return undefined;
    case 'waterfall':
      if (hook === 'PreToolUse') return out.cancel ? { decision: 'deny', reason, additionalContext } : { additionalContext };
      return { cancel: out.cancel || undefined, reason: out.cancel ? reason : undefined, additionalContext };
    default:
      return { cancel: out.cancel || undefined, reason: out.cancel ? reason : undefined, additionalContext };
  }
}

function safeUser(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}
