import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './mcp-progress.js';

function record() {
  const sent: ServerNotification[] = [];
  return { sent, send: async (n: ServerNotification) => void sent.push(n) };
}

describe('createProgressReporter', () => {
  it('sends nothing without a progress token', () => {
    const r = record();
    const p = createProgressReporter(undefined, r.send);
    p.output('hello\n');
    p.progress('step', 1, 2);
    expect(r.sent).toEqual([]);
  });

  it('turns output into increasing progress counted in bytes', () => {
    const r = record();
    const p = createProgressReporter('tok', r.send);
    p.output('one\n');
    p.output('');
    p.output('two\n');
    expect(r.sent).toEqual([
      { method: 'notifications/progress', params: { progressToken: 'tok', progress: 4, message: 'one\n' } },
      { method: 'notifications/progress', params: { progressToken: 'tok', progress: 8, message: 'two\n' } },
    ]);
  });

  it('drops steps that would not increase progress', () => {
    const r = record();
    const p = createProgressReporter(7, r.send);
    p.progress('half', 5, 10);
    p.progress('again', 5, 10);
    p.progress('back', 3);
    p.progress('next');
    expect(r.sent.map((n) => n.params)).toEqual([
      { progressToken: 7, progress: 5, total: 10, message: 'half' },
      { progressToken: 7, progress: 6, message: 'next' },
    ]);
  });

  it('survives a client that went away', () => {
    const p = createProgressReporter('tok', () => Promise.reject(new Error('closed')));
    expect(() => p.output('x')).not.toThrow();
  });
});
