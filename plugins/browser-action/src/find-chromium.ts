import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { ERROR_CODES, quiverError } from '@quiver/core';

/** The environment variable naming a Chromium binary. */
export const CHROMIUM_ENV = 'QUIVER_CHROMIUM';

/** Where Chromium is looked for when neither the option nor the variable names one. */
export const CHROMIUM_CANDIDATES: readonly string[] = Object.freeze([
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
]);

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium binary to launch: the `executablePath` option, else `$QUIVER_CHROMIUM`, else
 * the first of {@link CHROMIUM_CANDIDATES} that exists. A path that is named but not
 * executable is an error (no silent fallback to another browser).
 * @example
 * await findChromium(undefined, process.env); // '/usr/bin/chromium' on Debian with `apt-get install chromium`
 */
export async function findChromium(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const named = configured ?? (env[CHROMIUM_ENV] || undefined);
  if (named !== undefined) {
    if (await isExecutable(named)) return named;
    const source = configured !== undefined ? "the browser_action plugin option 'executablePath'" : `$${CHROMIUM_ENV}`;
    throw quiverError(
      ERROR_CODES.TOOL_FAILED,
      `Chromium was not found at '${named}' (from ${source}), or it is not executable. Fix the path, or install Chromium (Debian/Ubuntu: apt-get install chromium).`,
      { tool: 'browser_action', file: named },
    );
  }
  for (const candidate of CHROMIUM_CANDIDATES) if (await isExecutable(candidate)) return candidate;
  throw quiverError(
    ERROR_CODES.TOOL_FAILED,
    `No Chromium was found (looked for ${CHROMIUM_CANDIDATES.join(', ')}). Install Chromium (Debian/Ubuntu: apt-get install chromium), ` +
      `or set the browser_action plugin option 'executablePath' (or $${CHROMIUM_ENV}) to a Chromium or Chrome binary.`,
    { tool: 'browser_action' },
  );
}
