import { StringDecoder } from 'node:string_decoder';
import { DEFAULT_OUTPUT_LIMITS, joinHeadAndTail, truncateOutput, type OutputLimits } from './truncate-output.js';

/** Which stream a chunk came from. */
export type OutputStream = 'stdout' | 'stderr';

/**
 * Collects a command's stdout and stderr, interleaved in arrival order, in bounded memory:
 * the first and last `maxChars` characters are kept and the middle of an endless stream is
 * dropped (the result is cut to head + tail anyway). Bytes are decoded as UTF-8 per stream,
 * so a character split across two chunks is not mangled.
 */
export class OutputCollector {
  private head = '';
  private tail = '';
  private dropped = false;
  /** The whole output's size, middle included: the cut marker says how much was left out. */
  private newlines = 0;
  private chars = 0;
  private endsWithNewline = false;
  private readonly decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  private readonly limits: OutputLimits;

  constructor(limits: Partial<OutputLimits> = {}) {
    this.limits = { ...DEFAULT_OUTPUT_LIMITS, ...limits };
  }

  /** Add raw bytes from a stream; returns the decoded text (empty while a character is incomplete). */
  push(stream: OutputStream, bytes: Buffer | string): string {
    const text = typeof bytes === 'string' ? bytes : this.decoders[stream].write(bytes);
    this.append(text);
    return text;
  }

  /** Flush any incomplete characters left in the decoders; returns them per stream. */
  end(): { stream: OutputStream; text: string }[] {
    const rest: { stream: OutputStream; text: string }[] = [];
    for (const stream of ['stdout', 'stderr'] as const) {
      const text = this.decoders[stream].end();
      if (text) {
        this.append(text);
        rest.push({ stream, text });
      }
    }
    return rest;
  }

  /** The output so far, cut to head + tail when it is over the limits. */
  text(): string {
    if (!this.dropped) return truncateOutput(this.head, this.limits);
    const lines = this.chars === 0 ? 0 : this.newlines + (this.endsWithNewline ? 0 : 1);
    return joinHeadAndTail(this.head, this.tail, { lines, chars: this.chars }, this.limits);
  }

  private append(text: string): void {
    if (!text) return;
    this.chars += text.length;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.newlines++;
    this.endsWithNewline = text.endsWith('\n');
    const cap = this.limits.maxChars;
    if (!this.dropped && this.head.length + text.length <= cap * 2) {
      this.head += text;
      return;
    }
    if (!this.dropped) {
      // Switch to head + rolling tail: everything past the first `cap` characters goes to the tail.
      this.dropped = true;
      const all = this.head + text;
      this.head = all.slice(0, cap);
      this.tail = all.slice(cap);
    } else {
      this.tail += text;
    }
    if (this.tail.length > cap * 2) this.tail = this.tail.slice(this.tail.length - cap);
  }
}
