import { definePlugin } from '@quiver/core';
import { wordCountTool } from './word-count-tool.js';

export { countWords, type WordCount } from './count-words.js';
export { wordCountTool, wordCountParams, DEFAULT_MAX_BYTES } from './word-count-tool.js';

/**
 * The word_count plugin. Plugin option: `maxBytes` (default 10 MiB).
 * @example
 * // quiver.config.json
 * { "plugins": ["quiver-tool-word-count"] }
 */
export default definePlugin({ name: 'quiver-tool-word-count', tools: [wordCountTool] });
