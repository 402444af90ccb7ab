import type { BundledPlugin } from '@quiver/core';
import askFollowupQuestion from '@quiver/tool-ask-followup-question/package.json';
import attemptCompletion from '@quiver/tool-attempt-completion/package.json';
import executeCommand from '@quiver/tool-execute-command/package.json';
import readFile from '@quiver/tool-read-file/package.json';
import writeToFile from '@quiver/tool-write-to-file/package.json';
import listFiles from '@quiver/tool-list-files/package.json';
import applyPatch from '@quiver/tool-apply-patch/package.json';
import useMcpTool from '@quiver/tool-use-mcp-tool/package.json';
import accessMcpResource from '@quiver/tool-access-mcp-resource/package.json';
import loadMcpDocumentation from '@quiver/tool-load-mcp-documentation/package.json';
import newTask from '@quiver/tool-new-task/package.json';
import planModeRespond from '@quiver/tool-plan-mode-respond/package.json';
import actModeRespond from '@quiver/tool-act-mode-respond/package.json';
import focusChain from '@quiver/tool-focus-chain/package.json';
import webSearch from '@quiver/tool-web-search/package.json';
import condense from '@quiver/tool-condense/package.json';
import summarizeTask from '@quiver/tool-summarize-task/package.json';
import reportBug from '@quiver/tool-report-bug/package.json';
import generateExplanation from '@quiver/tool-generate-explanation/package.json';
import useSkill from '@quiver/tool-use-skill/package.json';

/**
 * The first-party plugins the CLI's bundle carries (see tsup.config.ts): each one's module, and
 * the version it was built from. The registry imports a default plugin from here when the
 * package it found has that version, so the CLI, its services and the plugin share one copy of
 * core and zod instead of loading a second from the plugin's folder (most of a start-up's
 * module loading). Left out: plugins whose code finds files next to itself or runs a binary of
 * its package (search_files' ripgrep, the tree-sitter grammars, Playwright, web_fetch's
 * converter) and those a lean install leaves out; they load from their folders as any plugin.
 */
export const BUNDLED_PLUGINS: ReadonlyMap<string, BundledPlugin> = new Map<string, BundledPlugin>([
  ['@quiver/tool-ask-followup-question', { version: askFollowupQuestion.version, load: () => import('@quiver/tool-ask-followup-question') }],
  ['@quiver/tool-attempt-completion', { version: attemptCompletion.version, load: () => import('@quiver/tool-attempt-completion') }],
  ['@quiver/tool-execute-command', { version: executeCommand.version, load: () => import('@quiver/tool-execute-command') }],
  ['@quiver/tool-read-file', { version: readFile.version, load: () => import('@quiver/tool-read-file') }],
  ['@quiver/tool-write-to-file', { version: writeToFile.version, load: () => import('@quiver/tool-write-to-file') }],
  ['@quiver/tool-list-files', { version: listFiles.version, load: () => import('@quiver/tool-list-files') }],
  ['@quiver/tool-apply-patch', { version: applyPatch.version, load: () => import('@quiver/tool-apply-patch') }],
  ['@quiver/tool-use-mcp-tool', { version: useMcpTool.version, load: () => import('@quiver/tool-use-mcp-tool') }],
  ['@quiver/tool-access-mcp-resource', { version: accessMcpResource.version, load: () => import('@quiver/tool-access-mcp-resource') }],
  ['@quiver/tool-load-mcp-documentation', { version: loadMcpDocumentation.version, load: () => import('@quiver/tool-load-mcp-documentation') }],
  ['@quiver/tool-new-task', { version: newTask.version, load: () => import('@quiver/tool-new-task') }],
  ['@quiver/tool-plan-mode-respond', { version: planModeRespond.version, load: () => import('@quiver/tool-plan-mode-respond') }],
  ['@quiver/tool-act-mode-respond', { version: actModeRespond.version, load: () => import('@quiver/tool-act-mode-respond') }],
  ['@quiver/tool-focus-chain', { version: focusChain.version, load: () => import('@quiver/tool-focus-chain') }],
  ['@quiver/tool-web-search', { version: webSearch.version, load: () => import('@quiver/tool-web-search') }],
  ['@quiver/tool-condense', { version: condense.version, load: () => import('@quiver/tool-condense') }],
  ['@quiver/tool-summarize-task', { version: summarizeTask.version, load: () => import('@quiver/tool-summarize-task') }],
  ['@quiver/tool-report-bug', { version: reportBug.version, load: () => import('@quiver/tool-report-bug') }],
  ['@quiver/tool-generate-explanation', { version: generateExplanation.version, load: () => import('@quiver/tool-generate-explanation') }],
  ['@quiver/tool-use-skill', { version: useSkill.version, load: () => import('@quiver/tool-use-skill') }],
]);
