import type { AgentLoopUi } from '@quiver/agent';
import { escapeTerminal, resultText } from '@quiver/core';

/** Where `quiver run` writes: assistant text to stdout, tool activity to stderr. */
export interface RunStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/**
 * The agent loop's progress on a terminal: the model's text streams to stdout (not in `--json`
 * mode, where stdout carries only the summary); each tool call and its outcome, and the loop's
 * notices, go to stderr.
 */
export function createRunUi(options: { json: boolean; verbose: boolean }, streams: RunStreams = process): AgentLoopUi {
  // Model text, tool descriptions and results are the model's or a program's: escaped (C4).
  const show = escapeTerminal;
  let midLine = false;
  const endLine = () => {
    if (midLine && !options.json) streams.stdout.write('\n');
    midLine = false;
  };
  return {
    text(delta) {
      if (options.json) return;
      streams.stdout.write(show(delta));
      midLine = !delta.endsWith('\n');
    },
    turnEnd: endLine,
    toolCall(call) {
      endLine();
      streams.stderr.write(`quiver: ${show(call.description, { multiline: false })}\n`);
      if (options.verbose) streams.stderr.write(`quiver:   ${show(JSON.stringify(call.params))}\n`);
    },
    toolResult(_call, result) {
      if (!result.isError && !options.verbose) return;
      const text = resultText(result).trim();
      // The first informative line: past the toolError wrapper sentence and its <error> tags.
      const shown = options.verbose ? text : (text.split('\n').find((l) => l.trim() && !/^<\/?error>$/.test(l.trim()) && !l.startsWith('The tool execution failed')) ?? '');
      streams.stderr.write(`quiver:   ${result.isError ? 'failed' : 'ok'}${shown ? `: ${show(shown)}` : ''}\n`);
    },
    notice(kind, message) {
      endLine();
      streams.stderr.write(`quiver: ${kind === 'mistake' ? '' : `[${kind}] `}${show(message)}\n`);
    },
  };
}
