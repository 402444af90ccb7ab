import { definePlugin } from '@quiver/core';
import { wordCountOptions, wordCountTool } from './word-count-tool.js';

// The package exports its plugin and one documented helper (see README); tests import the
// rest by relative path.
export { countWords, type WordCount } from './count-words.js';

/**
 * The word_count plugin. Plugin option: `maxBytes` (default 10 MiB).
 * @example
 * // quiver.config.json
 * { "plugins": ["quiver-tool-word-count"] }
 */
export default definePlugin({ name: 'quiver-tool-word-count', tools: [wordCountTool], options: wordCountOptions });
