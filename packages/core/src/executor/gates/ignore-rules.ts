import { coreServices } from '../../container/core-services.js';
import { ERROR_CODES } from '../../errors.js';
import { responses } from '../../responses/responses.js';
import { errorResult } from '../../tool/tool-result.js';
import type { Gate } from '../call-context.js';
import { commandOf } from './command-of.js';
import { screenPath } from './screen-path.js';

/**
 * Ignore rules before any filesystem work: each declared path parameter is resolved (P1–P3)
 * and checked (P5–P7), and a command parameter is screened (I1–I5). Malformed or unresolvable
 * paths are denied here too, naming the rule.
 */
export const ignoreRules: Gate = {
  name: 'ignore-rules',
  async run(call) {
    const ignore = call.scope.find(coreServices.ignore);
    for (const key in call.tool.paths) {
      const access = call.tool.paths[key];
      const input = call.parsed[key];
      if (typeof input !== 'string') continue;
      const screen = await screenPath(call.scope, input, access);
      if (!screen) continue;
      if (screen.allowed) {
        call.paths[key] = screen.path;
        continue;
      }
      if (screen.path) call.paths[key] = screen.path;
      if (screen.stage === 'resolve') return errorResult(responses.toolError(screen.text), screen.code, 'increment');
      await call.task.ui.say('ignore_error', screen.say ?? input);
      return errorResult(responses.toolError(screen.text), screen.code, call.tool.ignoredCountsAsMistake ? 'increment' : 'keep');
    }
    const screened = commandOf(call);
    if (screened !== undefined && ignore) {
      const command = screened.text;
      // Screened where it runs: a `@name:` hint's root, else the task's directory.
      const decision = await ignore.checkCommand(screened, screened.cwd);
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
