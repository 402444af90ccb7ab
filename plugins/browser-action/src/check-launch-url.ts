import { fileURLToPath } from 'node:url';
import {
  coreServices,
  ERROR_CODES,
  isQuiverError,
  quiverError,
  type IgnoreService,
  type TaskConfig,
  type WorkspaceService,
} from '@quiver/core';

/** Schemes a launch may open. Everything else (javascript:, chrome:, view-source:, ...) is refused. */
const OPEN_SCHEMES = new Set(['http:', 'https:', 'about:', 'data:', 'file:']);

/** What a URL check needs: the task's path gates, taken once so a later load can use them. */
export interface UrlGates {
  workspace: WorkspaceService;
  ignore: IgnoreService;
}

/** The path gates of a call, for {@link checkUrl} and the browser's load guard. */
export function urlGates(config: TaskConfig): UrlGates {
  return { workspace: config.services.get(coreServices.workspace), ignore: config.services.get(coreServices.ignore) };
}

/**
 * Refuse a launch URL the path gates would refuse: a `file:` URL is a path, so it must be
 * inside the workspace (P4) and not ignored (P5) — otherwise a screenshot would show a file
 * that read_file may not read. Throws a QuiverError naming the rule.
 * @param config - The call's TaskConfig (for the workspace and ignore services).
 * @param url - The URL, with its scheme.
 */
export async function checkLaunchUrl(config: TaskConfig, url: string): Promise<void> {
  await checkUrl(urlGates(config), url);
}

/**
 * The one URL rule of the browser (SPEC B1), for the launch URL and for every document, frame,
 * redirect and sub-resource the page loads: only http(s), about:, data: and `file:` paths
 * read_file could read (inside the workspace, not ignored). Throws a QuiverError naming the rule.
 */
export async function checkUrl(gates: UrlGates, url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw quiverError(ERROR_CODES.PARAM_INVALID, `'${url}' is not a valid URL. Pass an http(s) URL such as http://localhost:3000.`, {
      tool: 'browser_action',
      key: 'url',
    });
  }
  if (!OPEN_SCHEMES.has(parsed.protocol)) {
    throw quiverError(
      ERROR_CODES.PARAM_INVALID,
      `browser_action does not open ${parsed.protocol} URLs. Use an http(s) URL, or a file:// URL inside the workspace.`,
      { tool: 'browser_action', key: 'url' },
    );
  }
  if (parsed.protocol !== 'file:') return;
  let resolved;
  try {
    resolved = await gates.workspace.resolve(fileURLToPath(parsed));
  } catch (e) {
    if (isQuiverError(e)) throw e;
    throw quiverError(ERROR_CODES.PATH_MALFORMED, `The file URL '${url}' does not name a usable path.`, {
      tool: 'browser_action',
      key: 'url',
      rule: 'P2',
    });
  }
  if (!resolved.inside) {
    throw quiverError(
      ERROR_CODES.PATH_OUTSIDE,
      `The file URL '${url}' points outside the workspace (rule P4). Open pages inside the workspace, or serve the page over http.`,
      { tool: 'browser_action', key: 'url', rule: 'P4' },
    );
  }
  const decision = await gates.ignore.checkPath(resolved, 'read');
  if (!decision.allowed) {
    throw quiverError(
      ERROR_CODES.PATH_IGNORED,
      `The file URL '${url}' names a path blocked by the ignore rules (rule ${decision.rule ?? 'P5'}). Continue without it, or ask the user to update the ignore file.`,
      { tool: 'browser_action', key: 'url', rule: decision.rule ?? 'P5' },
    );
  }
}
