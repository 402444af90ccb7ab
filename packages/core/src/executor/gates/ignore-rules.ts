import { coreServices } from '../../container/core-services.js';
import { ERROR_CODES } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import type { IgnoreService } from '../../services/ignore.js';
import type { ScreenedCommand } from '../../tool/task-config.js';
import { errorResult, type ToolResult } from '../../tool/tool-result.js';
import type { CallContext, Gate } from '../call-context.js';
import { commandOf } from './command-of.js';
import { screenPathNow, type PathScreen } from './screen-path.js';

/**
 * Ignore rules before any filesystem work: each declared path parameter is resolved (P1–P3)
 * and checked (P5–P7), and a command parameter is screened (I1–I5). Malformed or unresolvable
 * paths are denied here too, naming the rule. Answered synchronously when every path's screen
 * is (see `screenPathNow`) and there is no command to screen.
 */
export const ignoreRules: Gate = {
  name: 'ignore-rules',
  run(call) {
    const keys = Object.keys(call.tool.paths);
    // Only a call with several paths can reuse its first path's wait for the watchers.
    return screenPaths(call, keys, 0, keys.length > 1 ? { settled: false } : undefined);
  },
};

/**
 * Screen the declared paths from `keys[from]` on, then the command. `barrier` records that a
 * path of this call waited for the workspace's watchers, which then holds for the rest of the
 * call (one wait per call, not per path).
 */
function screenPaths(
  call: CallContext,
  keys: readonly string[],
  from: number,
  barrier: { settled: boolean } | undefined,
): ToolResult | undefined | Promise<ToolResult | undefined> {
  for (let i = from; i < keys.length; i++) {
    const key = keys[i];
    const input = call.parsed[key];
    if (typeof input !== 'string') continue;
    const screen = screenPathNow(call.scope, input, call.tool.paths[key], undefined, barrier);
    if (screen instanceof Promise) {
      return screen.then((s) => {
        const stop = verdict(call, key, input, s);
        return stop ? stop : screenPaths(call, keys, i + 1, barrier);
      });
    }
    const stop = verdict(call, key, input, screen);
    if (stop) return stop;
  }
  return screenCommand(call);
}

/** One path's screen as the gate's answer: nothing (allowed), or the refusal. */
function verdict(
  call: CallContext,
  key: string,
  input: string,
  screen: PathScreen | undefined,
): ToolResult | undefined | Promise<ToolResult> {
  if (!screen) return undefined;
  if (screen.allowed) {
    call.paths[key] = screen.path;
    return undefined;
  }
  if (screen.path) call.paths[key] = screen.path;
  if (screen.stage === 'resolve') return errorResult(responses.toolError(screen.text), screen.code, 'increment');
  return refused(call, input, screen);
}

async function refused(call: CallContext, input: string, screen: PathScreen & { allowed: false }): Promise<ToolResult> {
  await call.task.ui.say('ignore_error', screen.say ?? input);
  return errorResult(responses.toolError(screen.text), screen.code, call.tool.ignoredCountsAsMistake ? 'increment' : 'keep');
}

/** I1–I5 on the call's command, when the tool has one and there are ignore rules. */
function screenCommand(call: CallContext): undefined | Promise<ToolResult | undefined> {
  const screened = commandOf(call);
  if (screened === undefined) return undefined;
  const ignore = call.scope.find(coreServices.ignore);
  return ignore ? checkedCommand(call, ignore, screened) : undefined;
}

async function checkedCommand(call: CallContext, ignore: IgnoreService, screened: ScreenedCommand): Promise<ToolResult | undefined> {
  const command = screened.text;
  // Screened where it runs: a `@name:` hint's root, else the task's directory.
  const decision = await ignore.checkCommand(screened, screened.cwd);
  if (decision.allowed) return undefined;
  await call.task.ui.say('ignore_error', decision.reason ?? command);
  // A command the screen cannot read (R1/R9: a loop, a here-document...) is not an ignored
  // file: say so, and how to get it through.
  const unreadable = decision.rule !== undefined && /^R/.test(decision.rule);
  const text = unreadable
    ? `The command cannot be checked against the ${ignore.fileName} rules (rule ${decision.rule}): ${decision.reason ?? ''} Rewrite it as plain commands (no loops, conditionals or here-documents) so every path it names can be checked.`
    : `${responses.ignoreError(decision.subject ?? command, decision.file ?? ignore.fileName, decision.rule)}${decision.reason ? `\n${decision.reason}` : ''}`;
  return errorResult(responses.toolError(text), ERROR_CODES.COMMAND_IGNORED, 'keep');
}
