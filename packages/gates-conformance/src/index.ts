export type { CommandCase, Expected, PermissionsConfig, PathCase, PathVerdict, IgnorePathCase, ScreenCase, Access } from './case-types.js';
export { commandTables } from './cases/command-cases.js';
export { referenceMatch } from './cases/r7-matching.js';
