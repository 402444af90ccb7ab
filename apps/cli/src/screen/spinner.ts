import yoctoSpinner from 'yocto-spinner';

/** A one-line "⠋ thinking 3.2s" status on stderr. */
export interface Spinner {
  /** Show (or relabel) the spinner; the elapsed time counts from the first start of a label. */
  start(label: string): void;
  /** Erase it. */
  stop(): void;
  readonly spinning: boolean;
}

const NO_SPINNER: Spinner = { start: () => undefined, stop: () => undefined, spinning: false };

/**
 * A spinner with the elapsed time, through yocto-spinner. Disabled (does nothing) unless
 * `enabled`: the CLI enables it only on a terminal, never in `--json` mode, so piped output
 * stays free of escape codes. It never handles signals: Ctrl-C is the CLI's.
 */
export function createSpinner(options: { enabled: boolean; stream?: NodeJS.WriteStream }): Spinner {
  if (!options.enabled) return NO_SPINNER;
  const spinner = yoctoSpinner({ stream: options.stream ?? process.stderr, handleSignals: false });
  let label = '';
  let since = 0;
  let timer: NodeJS.Timeout | undefined;
  const text = () => `${label} ${((Date.now() - since) / 1000).toFixed(1)}s`;
  return {
    start(next) {
      if (next !== label || !timer) since = Date.now();
      label = next;
      spinner.text = text();
      if (timer) return;
      spinner.start();
      timer = setInterval(() => (spinner.text = text()), 100);
      timer.unref();
    },
    stop() {
      if (!timer) return;
      clearInterval(timer);
      timer = undefined;
      spinner.stop();
    },
    get spinning() {
      return timer !== undefined;
    },
  };
}
