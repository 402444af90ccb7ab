/** What the user did at a prompt: typed a line, pressed Ctrl-D (end of input) or Ctrl-C. */
export type PromptAnswer = { kind: 'line'; text: string } | { kind: 'eof' } | { kind: 'interrupt' };

/**
 * Ask one line on the terminal. Ctrl-C and Ctrl-D are answers, not errors: the caller decides
 * what they mean (cancel the task; deny). The interface is closed before the answer is
 * returned, so the terminal leaves raw mode.
 */
export function promptLine(
  question: string,
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } = { input: process.stdin, output: process.stderr },
): Promise<PromptAnswer> {
  // node:readline is loaded here, on the first prompt: most commands never ask.
  return import('node:readline').then(
    ({ createInterface }) =>
      new Promise((resolve) => {
        const rl = createInterface({ input: io.input, output: io.output });
        let settled = false;
        const done = (answer: PromptAnswer) => {
          if (settled) return;
          settled = true;
          rl.close();
          // A ^C or ^D leaves the cursor after the prompt: end the line there.
          if (answer.kind !== 'line') io.output.write('\n');
          resolve(answer);
        };
        rl.on('SIGINT', () => done({ kind: 'interrupt' }));
        rl.on('close', () => done({ kind: 'eof' }));
        rl.question(question, (text) => done({ kind: 'line', text }));
      }),
  );
}
