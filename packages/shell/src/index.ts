export { analyzeCommand } from './analyze-command.js';
export type {
  CommandAnalysis,
  CommandAnalysisDenial,
  SegmentOrigin,
  ShellRedirect,
  ShellSegment,
  ShellWord,
} from './shell-types.js';
export { createCommandPermissions } from './command-permissions.js';
export { resolveCommandPermissionsConfig, COMMAND_PERMISSIONS_ENV } from './resolve-config.js';
export { matchPattern } from './match-pattern.js';
export { decodeAnsiCQuote } from './ansi-c-quote.js';
export { createCommandClassifier } from './classify-command.js';
export { explainDecision } from './explain-decision.js';
