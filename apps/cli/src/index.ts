export { DEFAULT_PLUGINS } from './default-preset.js';
export { createTerminalUi } from './terminal-ui.js';
export type { TerminalUi, TerminalUiOptions } from './terminal-ui.js';
