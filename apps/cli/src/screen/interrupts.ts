/** The CLI's Ctrl-C handling: the first press cancels the task, a second one quits at once. */
export interface Interrupts {
  /** Aborted by the first Ctrl-C. */
  readonly signal: AbortSignal;
  /** Ctrl-C was pressed (a SIGINT, or ^C read at a prompt): cancel, or quit if already cancelled. */
  interrupt(): void;
  /** Stop listening for SIGINT. */
  dispose(): void;
}

/** Exit code of a run cut short by Ctrl-C (128 + SIGINT). */
export const INTERRUPTED_EXIT = 130;

/**
 * Listen for Ctrl-C. The first press aborts {@link Interrupts.signal} (the agent loop stops,
 * running commands are killed) and says how to quit at once; the second exits with 130.
 * At a prompt the terminal is in raw mode, so ^C arrives as input: the prompt calls
 * `interrupt()` itself.
 */
export function createInterrupts(options: { say(text: string): void; exit?(code: number): void }): Interrupts {
  const controller = new AbortController();
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const interrupt = () => {
    if (controller.signal.aborted) return exit(INTERRUPTED_EXIT);
    options.say('stopping (Ctrl-C again to quit at once)');
    controller.abort();
  };
  process.on('SIGINT', interrupt);
  return { signal: controller.signal, interrupt, dispose: () => void process.off('SIGINT', interrupt) };
}
