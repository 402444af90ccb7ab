import { definePlugin } from '@quiver/core';
import { askFollowupQuestionTool } from './ask-followup-question.js';

export { noUserAnswer, QUESTION_NOTIFICATION } from './ask-followup-question.js';

/**
 * The `@quiver/tool-ask-followup-question` plugin: registers `ask_followup_question`.
 * @example
 * import askFollowupQuestion from '@quiver/tool-ask-followup-question';
 * const h = await createTestHarness({ plugins: [askFollowupQuestion], ask: { response: 'message', text: 'blue' } });
 */
export default definePlugin({ name: '@quiver/tool-ask-followup-question', tools: [askFollowupQuestionTool] });
