// @quiver/shared — helpers several first-party tool plugins share. Named re-exports only.
export { TASK_STATE_KEYS } from './task-state-keys.js';
export type { TaskStateKey, TaskCompletion } from './task-state-keys.js';
export { currentMode } from './current-mode.js';
export { parseAnswerOptions, answerOptionsProblem, MIN_ANSWER_OPTIONS, MAX_ANSWER_OPTIONS } from './parse-answer-options.js';
