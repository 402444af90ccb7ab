export type { Access, CommandCase, Expected, IgnorePathCase, PathCase, PathVerdict, PermissionsConfig, ScreenCase } from './case-types.js';
export { commandTables } from './cases/command-cases.js';
export { referenceMatch } from './cases/r7-matching.js';
export { PATH_TREE, pathCases } from './cases/p-paths.js';
export { IGNORE_TREE, ignorePathCases, GITIGNORE_SETS, GIT_TREE } from './cases/p-ignore.js';
export { SCREEN_TREE, screenCases } from './cases/i-screen.js';
export { buildTree, linkChain, type Fixture, type TreeEntry } from './fixture-tree.js';
