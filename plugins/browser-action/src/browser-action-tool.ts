/**
 * The browser_action tool (SPEC Part B §16.13, Part A): drives a real headless Chromium
 * through playwright-core. `launch` opens a URL (and is the only action that asks for
 * approval, category `browser`); click, type and scroll act on the open page; every action
 * returns the console logs it captured and a screenshot; `close` ends the browser.
 */
import { z } from 'zod';
import {
  defineTool,
  ERROR_CODES,
  errorResult,
  isQuiverError,
  quiverError,
  responses,
  type TaskConfig,
  type ToolResponse,
} from '@quiver/core';
import { browserOptionsSchema, type BrowserSettings } from './browser-settings.js';
import type { ActionOutcome, BrowserSession, LoadGuard } from './browser-session.js';
import { sessionOf } from './browser-session-service.js';
import { actionResultBlocks, BROWSER_CLOSED } from './format-action-result.js';
import { checkLaunchUrl, checkUrl, urlGates } from './check-launch-url.js';
import { parseCoordinate } from './parse-coordinate.js';
import { withDeadline } from './with-deadline.js';

/** The actions, as the baseline names them. */
export const BROWSER_ACTIONS = ['launch', 'click', 'type', 'scroll_down', 'scroll_up', 'close'] as const;

/** One of {@link BROWSER_ACTIONS}. */
export type BrowserActionName = (typeof BROWSER_ACTIONS)[number];

/** The parameters of browser_action. */
export const browserActionParams = z.object({
  action: z.enum(BROWSER_ACTIONS).describe('The action to perform: launch, click, type, scroll_down, scroll_up or close.'),
  url: z
    .string()
    .optional()
    .describe('For launch: the URL to open (e.g. http://localhost:3000, or a file:///… page inside the workspace).'),
  coordinate: z
    .string()
    .optional()
    .describe(
      'For click: the x,y position in the 900x600 viewport, e.g. "450,300". Aim at the center of the element, as seen in the last screenshot.',
    ),
  text: z.string().optional().describe('For type: the text to type into the focused element.'),
  task_progress: z.string().optional().describe("A checklist of the task's progress, updated with this call (optional)."),
});

type Params = z.infer<typeof browserActionParams>;

const DESCRIPTION =
  'Request to interact with a headless Chromium browser. Every action except close returns a screenshot of the page and the ' +
  'console logs it produced; use them to decide the next action. The sequence must start with launch (open a URL) and end ' +
  'with close. While the browser is open, only browser_action may be used: close it before using any other tool. ' +
  'The viewport is 900x600 pixels; click at the center of what you want, using coordinates read from the latest screenshot. ' +
  'Actions: launch (url), click (coordinate "x,y"), type (text), scroll_down, scroll_up (one screen), close.';

/** browser_action, ready for `definePlugin`. */
export const browserActionTool = defineTool({
  name: 'browser_action',
  description: DESCRIPTION,
  params: browserActionParams,
  options: browserOptionsSchema,
  annotations: { title: 'Browser action', openWorld: true },
  // Only launch asks (SPEC Part B §16.13); the other actions act on a browser the user allowed.
  // A launch without a URL launches nothing: it fails on the missing argument without a prompt.
  requires: ['browser'],
  approval: { category: 'browser', autoApprove: (_config, params) => params.action !== 'launch' || !params.url?.trim() },
  describe: (params) => `[browser_action for '${params.action ?? ''}']`,
  execute: (config, params) => executeBrowserAction(config, params),
});

async function executeBrowserAction(config: TaskConfig<BrowserSettings>, params: Params): Promise<ToolResponse> {
  const session = sessionOf(config);
  if (params.action === 'close') {
    await session.close();
    return BROWSER_CLOSED;
  }
  const settings = config.options;
  const missing = missingArgument(params);
  if (missing) return missingArgumentResult(config, session, missing);
  let outcome: ActionOutcome;
  try {
    if (params.action === 'launch') await checkLaunchUrl(config, withScheme(params.url!.trim()));
    await config.ui.say(params.action === 'launch' ? 'browser_action_launch' : 'browser_action', describeAction(params));
    outcome = await run(config, session, settings, params);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return errorResult(responses.toolError(message), isQuiverError(e) ? e.code : ERROR_CODES.TOOL_FAILED);
  }
  await config.ui.say('browser_action_result', outcome.logs.join('\n'), {
    currentUrl: outcome.url,
    currentMousePosition: outcome.mousePosition,
  });
  if (outcome.error) {
    const text = responses.toolError(`${outcome.error.message}\n\nConsole logs:\n${outcome.logs.join('\n') || '(No new logs)'}`);
    return { content: actionResultBlocks(outcome, text), isError: true, code: outcome.error.code };
  }
  return actionResultBlocks(outcome);
}

/** The action's required argument that is missing, if any. */
function missingArgument(params: Params): 'url' | 'coordinate' | 'text' | undefined {
  const blank = (v: string | undefined) => v === undefined || v.trim() === '';
  if (params.action === 'launch' && blank(params.url)) return 'url';
  if (params.action === 'click' && blank(params.coordinate)) return 'coordinate';
  if (params.action === 'type' && params.text === undefined) return 'text';
  return undefined;
}

/** A missing argument closes the browser (as in the baseline) and counts a mistake. */
async function missingArgumentResult(config: TaskConfig, session: BrowserSession, key: string): Promise<ToolResponse> {
  await session.close();
  await config.ui.say('error', `Quiver tried to use browser_action without value for required parameter '${key}'. Retrying...`);
  return errorResult(responses.toolError(responses.missingParameter(key, 'browser_action')), ERROR_CODES.PARAM_MISSING, 'increment');
}

function run(config: TaskConfig, session: BrowserSession, settings: BrowserSettings, params: Params): Promise<ActionOutcome> {
  const deadline = (work: Promise<ActionOutcome>, ms = settings.actionTimeoutMs) => withDeadline(work, ms, config.signal, params.action);
  switch (params.action) {
    case 'launch':
      return deadline(
        session.launch(withScheme(params.url!.trim()), settings, loadGuard(config)),
        settings.launchTimeoutMs + settings.actionTimeoutMs,
      );
    case 'click': {
      const point = parseCoordinate(params.coordinate!, settings.viewport);
      if ('error' in point)
        throw quiverError(ERROR_CODES.PARAM_INVALID, `Invalid coordinate: ${point.error}.`, { tool: 'browser_action', key: 'coordinate' });
      return deadline(session.click(point.x, point.y));
    }
    case 'type':
      return deadline(session.type(params.text!));
    default:
      return deadline(session.scroll(params.action === 'scroll_down' ? 'down' : 'up'));
  }
}

/** Every later load is checked like the launch URL (B1): the gates are taken now, while the call's services are at hand. */
function loadGuard(config: TaskConfig): LoadGuard {
  const gates = urlGates(config);
  return async (url) => {
    try {
      await checkUrl(gates, url);
      return undefined;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  };
}

/** A bare host (`localhost:3000`) gets `http://`; anything with a scheme is kept. */
function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^(about|data):/i.test(url) ? url : `http://${url}`;
}

function describeAction(params: Params): string {
  if (params.action === 'launch') return params.url ?? '';
  return JSON.stringify({ action: params.action, coordinate: params.coordinate, text: params.text });
}
