import { coreServices } from '../../container/core-services.js';
import { ERROR_CODES, isQuiverError } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import { errorResult } from '../../tool/tool-result.js';
import type { Gate } from '../call-context.js';
import { commandOf } from './command-of.js';
import { protectedPathsOf } from '../../services/protected-paths.js';

/**
 * Ignore rules before any filesystem work: each declared path parameter is resolved (P1–P3)
 * and checked (P5–P7), and a command parameter is screened (I1–I5). Malformed or unresolvable
 * paths are denied here too, naming the rule.
 */
export const ignoreRules: Gate = {
  name: 'ignore-rules',
  async run(call) {
    const workspace = call.scope.find(coreServices.workspace);
    const ignore = call.scope.find(coreServices.ignore);
    for (const [key, access] of Object.entries(call.tool.paths)) {
      const input = call.parsed[key];
      if (typeof input !== 'string' || !workspace) continue;
      let resolved;
      try {
        const { root, rest } = workspace.splitHint(input);
        resolved = await workspace.resolve(rest, root ? { base: root } : undefined);
      } catch (e) {
        if (!isQuiverError(e)) throw e;
        const text = e.rule && !e.message.includes(`rule ${e.rule}`) ? `${e.message} (rule ${e.rule})` : e.message;
        return errorResult(responses.toolError(text), e.code, 'increment');
      }
      call.paths[key] = resolved;
      if (access === 'write') {
        // E1 before anything else, inside the workspace or outside it, and before approval:
        // no setting lets a tool rewrite what Quiver executes.
        const guard = protectedPathsOf(call.scope).check(resolved);
        if (!guard.allowed) {
          await call.task.ui.say('ignore_error', guard.reason ?? input);
          return errorResult(responses.toolError(guard.reason ?? `Writing '${input}' is not allowed (rule E1).`), ERROR_CODES.PATH_PROTECTED, call.tool.ignoredCountsAsMistake ? 'increment' : 'keep');
        }
      }
      if (!ignore) continue;
      const decision = await ignore.checkPath(resolved, access);
      if (decision.allowed) continue;
      const code = decision.rule === 'P6' ? ERROR_CODES.PATH_PROTECTED : ERROR_CODES.PATH_IGNORED;
      const subject = decision.subject ?? input;
      await call.task.ui.say('ignore_error', decision.reason ?? subject);
      const text =
        decision.rule === 'P6'
          ? (decision.reason ?? `Writing '${subject}' is not allowed (rule P6). Protected files (.git/ and the ignore file) cannot be written; leave them unchanged.`)
          : responses.ignoreError(subject, decision.file ?? ignore.fileName, decision.rule);
      return errorResult(responses.toolError(text), code, call.tool.ignoredCountsAsMistake ? 'increment' : 'keep');
    }
    const screened = commandOf(call);
    if (screened !== undefined && ignore) {
      const command = screened.text;
      // Screened where it runs: a `@name:` hint's root, else the task's directory.
      const decision = await ignore.checkCommand(command, screened.cwd);
      if (!decision.allowed) {
        await call.task.ui.say('ignore_error', decision.reason ?? command);
        // A command the screen cannot read (R1/R9: a loop, a here-document...) is not an ignored
        // file: say so, and how to get it through.
        const unreadable = decision.rule !== undefined && /^R/.test(decision.rule);
        const text = unreadable
          ? `The command cannot be checked against the ${ignore.fileName} rules (rule ${decision.rule}): ${decision.reason ?? ''} Rewrite it as plain commands (no loops, conditionals or here-documents) so every path it names can be checked.`
          : `${responses.ignoreError(decision.subject ?? command, decision.file ?? ignore.fileName, decision.rule)}${decision.reason ? `\n${decision.reason}` : ''}`;
        return errorResult(responses.toolError(text), ERROR_CODES.COMMAND_IGNORED, 'keep');
      }
    }
    return undefined;
  },
};
