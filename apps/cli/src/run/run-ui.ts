import type { AgentLoopUi, RetryNotice } from '@quiver/agent';
import { resultText, type ToolResult } from '@quiver/core';
import { escapeTerminal } from '@quiver/core/host';
import type { Colors } from '../screen/colors.js';
import { countsText, patchCounts } from '../screen/diff-view.js';
import type { Spinner } from '../screen/spinner.js';
import { closestMatchLines, firstInformativeLine } from './result-lines.js';

/** Where `quiver run` writes: assistant text to stdout, tool activity to stderr. */
export interface RunStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** Options of {@link createRunUi}. */
export interface RunUiOptions {
  json: boolean;
  verbose: boolean;
  /** @default no colour */
  colors?: Colors;
  /** "thinking 3.2s" while the model works. @default none */
  spinner?: Spinner;
}

const PLAIN = new Proxy({}, { get: () => (s: string) => s }) as Colors;

/**
 * The agent loop's progress on a terminal: the model's text streams to stdout (not in `--json`
 * mode, where stdout carries only the summary); each tool call and its outcome, command exit
 * codes, retries and the loop's notices go to stderr. A spinner with the elapsed time runs
 * while the model thinks (only where the caller enabled one: a terminal, not `--json`).
 */
export function createRunUi(options: RunUiOptions, streams: RunStreams = process): AgentLoopUi {
  // Model text, tool descriptions and results are the model's or a program's: escaped (C4).
  const show = escapeTerminal;
  const c = options.colors ?? PLAIN;
  const spin = options.spinner;
  let midLine = false;
  const endLine = () => {
    spin?.stop();
    if (midLine && !options.json) streams.stdout.write('\n');
    midLine = false;
  };
  const err = (line: string) => {
    endLine();
    streams.stderr.write(`${line}\n`);
  };
  return {
    turnStart: () => spin?.start('thinking'),
    text(delta) {
      spin?.stop();
      if (options.json) return;
      streams.stdout.write(show(delta));
      midLine = !delta.endsWith('\n');
    },
    turnEnd: endLine,
    toolCall(call) {
      err(`quiver: ${c.cyan(show(call.description, { multiline: false }))}`);
      if (options.verbose) streams.stderr.write(`quiver:   ${c.dim(show(JSON.stringify(call.params)))}\n`);
    },
    toolResult(call, result) {
      for (const line of resultLines(call.name, call.params, result, options.verbose, c)) streams.stderr.write(`quiver:   ${line}\n`);
    },
    retry(n: RetryNotice) {
      err(
        `quiver: ${c.yellow('[retry]')} ${show(n.reason)}; retrying in ${(n.delayMs / 1000).toFixed(1)}s (${n.attempt} of ${n.maxRetries})`,
      );
      spin?.start('waiting to retry');
    },
    notice(kind, message) {
      err(`quiver: ${kind === 'mistake' ? '' : c.yellow(`[${kind}] `)}${show(message)}`);
    },
  };
}

/** What stderr shows of a result: failures, a command's exit status, an edit's counts; all of it with --verbose. */
function resultLines(tool: string, params: Record<string, unknown>, result: ToolResult, verbose: boolean, c: Colors): string[] {
  const text = resultText(result).trim();
  if (verbose) return [`${result.isError ? c.red('failed') : c.green('ok')}${text ? `: ${escapeTerminal(text)}` : ''}`];
  if (result.isError) {
    const first = firstInformativeLine(text);
    return [
      `${c.red('failed')}${first ? `: ${escapeTerminal(first)}` : ''}`,
      ...closestMatchLines(text).map((l) => c.dim(escapeTerminal(l))),
    ];
  }
  if (tool === 'execute_command') {
    const status = text.split('\n')[0] ?? '';
    return [/exit code 0\b/.test(status) ? c.green(escapeTerminal(status)) : c.red(escapeTerminal(status))];
  }
  if (tool === 'apply_patch' && typeof params.input === 'string')
    return [`${c.green('patched')} ${countsText(patchCounts(params.input), c)}`];
  return [];
}
