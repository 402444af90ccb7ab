import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BundledPackage } from '@quiver/runtime';
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
import searchFiles from '@quiver/tool-search-files/package.json';
import clineHooks from '@quiver/plugin-cline-hooks/package.json';

/**
 * Where the build put the bundled plugins' manifests (apps/cli/bundle-manifests.ts): dist/plugins,
 * beside the bundle's chunks (this module is one of them).
 */
const MANIFESTS = join(dirname(fileURLToPath(import.meta.url)), 'plugins');

/**
 * One bundled plugin. `manifest` is its `quiver` field as built, which the build checked against
 * the bundled core (bundle-manifests.ts): the registry does not check it again at start-up.
 */
function bundled(name: string, pkg: { version: string; quiver?: unknown }, load: BundledPackage['load']): [string, BundledPackage] {
  return [name, { version: pkg.version, load, manifestDir: join(MANIFESTS, name), manifest: JSON.stringify(pkg.quiver) }];
}

/**
 * The first-party plugins the CLI's bundle carries (see tsup.config.ts): each one's module, and
 * the version it was built from. The registry imports a plugin from here when the package it
 * found has that version, so the CLI, its services and the plugin share one copy of core and
 * zod instead of loading a second from the plugin's folder (most of a start-up's module
 * loading). They are devDependencies of the CLI: an install holds their code once, here, and
 * their manifests in dist/plugins (`manifestDir`), where the runtime finds a plugin no installed
 * package provides. Every devDependency with a Quiver manifest must be listed (a test checks).
 * Left out: plugins whose code finds files next to itself (the tree-sitter grammars,
 * Playwright, web_fetch's converter) and those a lean install leaves out (the optional
 * peerDependencies); they load from their folders as any plugin.
 */
export const BUNDLED_PLUGINS: ReadonlyMap<string, BundledPackage> = new Map<string, BundledPackage>([
  bundled('@quiver/tool-ask-followup-question', askFollowupQuestion, () => import('@quiver/tool-ask-followup-question')),
  bundled('@quiver/tool-attempt-completion', attemptCompletion, () => import('@quiver/tool-attempt-completion')),
  bundled('@quiver/tool-execute-command', executeCommand, () => import('@quiver/tool-execute-command')),
  bundled('@quiver/tool-read-file', readFile, () => import('@quiver/tool-read-file')),
  bundled('@quiver/tool-write-to-file', writeToFile, () => import('@quiver/tool-write-to-file')),
  bundled('@quiver/tool-list-files', listFiles, () => import('@quiver/tool-list-files')),
  bundled('@quiver/tool-apply-patch', applyPatch, () => import('@quiver/tool-apply-patch')),
  bundled('@quiver/tool-use-mcp-tool', useMcpTool, () => import('@quiver/tool-use-mcp-tool')),
  bundled('@quiver/tool-access-mcp-resource', accessMcpResource, () => import('@quiver/tool-access-mcp-resource')),
  bundled('@quiver/tool-load-mcp-documentation', loadMcpDocumentation, () => import('@quiver/tool-load-mcp-documentation')),
  bundled('@quiver/tool-new-task', newTask, () => import('@quiver/tool-new-task')),
  bundled('@quiver/tool-plan-mode-respond', planModeRespond, () => import('@quiver/tool-plan-mode-respond')),
  bundled('@quiver/tool-act-mode-respond', actModeRespond, () => import('@quiver/tool-act-mode-respond')),
  bundled('@quiver/tool-focus-chain', focusChain, () => import('@quiver/tool-focus-chain')),
  bundled('@quiver/tool-web-search', webSearch, () => import('@quiver/tool-web-search')),
  bundled('@quiver/tool-condense', condense, () => import('@quiver/tool-condense')),
  bundled('@quiver/tool-summarize-task', summarizeTask, () => import('@quiver/tool-summarize-task')),
  bundled('@quiver/tool-report-bug', reportBug, () => import('@quiver/tool-report-bug')),
  bundled('@quiver/tool-generate-explanation', generateExplanation, () => import('@quiver/tool-generate-explanation')),
  bundled('@quiver/tool-use-skill', useSkill, () => import('@quiver/tool-use-skill')),
  bundled('@quiver/tool-search-files', searchFiles, () => import('@quiver/tool-search-files')),
  bundled('@quiver/plugin-cline-hooks', clineHooks, () => import('@quiver/plugin-cline-hooks')),
]);
