import type { ContentBlock } from '@quiver/core';
import type { ActionOutcome } from './browser-session.js';

/** The first sentence of every action's result (SPEC Part B §16.13). */
export const ACTION_EXECUTED =
  'The browser action has been executed. The console logs and screenshot have been captured for your analysis.';

/** Said when an action captured no console output. */
export const NO_NEW_LOGS = '(No new logs)';

/** The reminder that ends every action's result. */
export const CLOSE_REMINDER =
  '(REMEMBER: if you need to proceed to using non-`browser_action` tools or launch a new browser, you MUST first close this browser. ' +
  'For example, if after analyzing the logs and screenshot you need to edit a file, you must first close the browser before you can use the write_to_file tool.)';

/** The result of `close`. */
export const BROWSER_CLOSED = 'The browser has been closed. You may now proceed to using other tools.';

/** The text part of an action's result: the sentence, the console logs, the reminder. */
export function actionResultText(outcome: ActionOutcome): string {
  const logs = outcome.logs.length ? outcome.logs.join('\n') : NO_NEW_LOGS;
  return `${ACTION_EXECUTED}\n\nConsole logs:\n${logs}\n\n${CLOSE_REMINDER}`;
}

/** The blocks of an action's result: the text, then the screenshot when there is one. */
export function actionResultBlocks(outcome: ActionOutcome, text: string = actionResultText(outcome)): ContentBlock[] {
  const blocks: ContentBlock[] = [{ type: 'text', text }];
  if (outcome.screenshot)
    blocks.push({ type: 'image', data: outcome.screenshot.data.toString('base64'), mimeType: outcome.screenshot.mimeType });
  return blocks;
}
