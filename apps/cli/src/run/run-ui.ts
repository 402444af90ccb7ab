import type { AgentLoopUi } from '@quiver/agent';
import { resultText } from '@quiver/core';

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
  let midLine = false;
  const endLine = () => {
    if (midLine && !options.json) streams.stdout.write('\n');
    midLine = false;
  };
  return {
    text(delta) {
      if (options.json) return;
      streams.stdout.write(delta);
      midLine = !delta.endsWith('\n');
    },
    turnEnd: endLine,
    toolCall(call) {
      endLine();
      streams.stderr.write(`quiver: ${call.description}\n`);
      if (options.verbose) streams.stderr.write(`quiver:   ${JSON.stringify(call.params)}\n`);
    },
    toolResult(_call, result) {
      if (!result.isError && !options.verbose) return;
      const text = resultText(result).trim();
      // The first informative line: past the toolError wrapper sentence and its <error> tags.
      const shown = options.verbose ? text : (text.split('\n').find((l) => l.trim() && !/^<\/?error>$/.test(l.trim()) && !l.startsWith('The tool execution failed')) ?? '');
      streams.stderr.write(`quiver:   ${result.isError ? 'failed' : 'ok'}${shown ? `: ${shown}` : ''}\n`);
    },
    notice(kind, message) {
      endLine();
      streams.stderr.write(`quiver: ${kind === 'mistake' ? '' : `[${kind}] `}${message}\n`);
    },
  };
}
