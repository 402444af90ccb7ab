import { describe, expect, it } from 'vitest';
import { MAX_CONTEXT_CHARS, parseClineHookOutput } from './cline-hook-output.js';

describe('parseClineHookOutput (SPEC Part B §10 stdout)', () => {
  it('reads the answer, and the last balanced object of mixed output', () => {
    expect(parseClineHookOutput('{"cancel":true,"errorMessage":"no"}')).toEqual({ cancel: true, errorMessage: 'no' });
    expect(parseClineHookOutput('checking...\n{"cancel":false}\nmore log {"contextModification":"use tabs {not spaces}"}\n')).toEqual({
      cancel: false,
      contextModification: 'use tabs {not spaces}',
    });
    expect(parseClineHookOutput('{"outer":{"cancel":true}}')).toEqual({ cancel: false });
  });

  it('no JSON, deprecated shouldContinue, or wrong types → undefined', () => {
    expect(parseClineHookOutput('')).toBeUndefined();
    expect(parseClineHookOutput('all good')).toBeUndefined();
    expect(parseClineHookOutput('{"shouldContinue":false}')).toBeUndefined();
    expect(parseClineHookOutput('{"cancel":"yes"}')).toBeUndefined();
    expect(parseClineHookOutput('{"contextModification":5}')).toBeUndefined();
    expect(parseClineHookOutput('{"cancel": tru')).toBeUndefined();
  });

  it('cuts context over 50,000 characters with the baseline notice', () => {
    const out = parseClineHookOutput(JSON.stringify({ contextModification: 'x'.repeat(MAX_CONTEXT_CHARS + 10) }));
    expect(out!.contextModification).toBe(`${'x'.repeat(MAX_CONTEXT_CHARS)}\n\n[... context truncated due to size limit ...]`);
  });
});
