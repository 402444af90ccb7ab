import picocolors from 'picocolors';

/** The colour functions the CLI uses (picocolors'): each returns its input unchanged when colour is off. */
export type Colors = ReturnType<typeof picocolors.createColors>;

/**
 * Whether to colour what goes to `stream`: never with `NO_COLOR` set (https://no-color.org,
 * any non-empty value), for a non-terminal stream, for `TERM=dumb` or in `--json` mode;
 * `FORCE_COLOR` (non-empty, not `0`) forces it on a terminal-less stream.
 */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env, json = false): boolean {
  if (json) return false;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

/**
 * The colours for one stream.
 * @example
 * const c = colorsFor(process.stderr);
 * process.stderr.write(c.red('failed') + '\n');
 */
export function colorsFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env, json = false): Colors {
  return picocolors.createColors(colorEnabled(stream, env, json));
}
