import { errorResult, textResult } from '@quiver/core';
import { expect, it } from 'vitest';
import { createRunUi } from './run-ui.js';

const streams = () => {
  const out = { stdout: '', stderr: '' };
  return { out, streams: { stdout: { write: (t: string) => (out.stdout += t) }, stderr: { write: (t: string) => (out.stderr += t) } } };
};
const call = { id: '1', name: 'read_file', params: { path: 'a' }, description: "[read_file for 'a']" };

it('text to stdout (a newline before tool activity), tool activity and failures to stderr', () => {
  const { out, streams: s } = streams();
  const ui = createRunUi({ json: false, verbose: false }, s);
  ui.text!('Let me ');
  ui.text!('look.');
  ui.toolCall!(call);
  ui.toolResult!(call, textResult('fine'));
  ui.toolResult!(call, errorResult('The tool execution failed with the following error:\n<error>\nnope\n</error>'));
  expect(out.stdout).toBe('Let me look.\n');
  expect(out.stderr).toBe("quiver: [read_file for 'a']\nquiver:   failed: nope\n");
});

it('--json keeps stdout for the summary', () => {
  const { out, streams: s } = streams();
  const ui = createRunUi({ json: true, verbose: false }, s);
  ui.text!('hidden');
  ui.turnEnd!(1);
  ui.notice!('mistake', 'no tool');
  expect(out.stdout).toBe('');
  expect(out.stderr).toBe('quiver: no tool\n');
});

it('escapes control characters from the model and from tool results (C4)', () => {
  const { out, streams: s } = streams();
  const ui = createRunUi({ json: false, verbose: true }, s);
  ui.text!('done\u001b]52;c;ZXZpbA==\u0007\n');
  ui.toolCall!({ ...call, description: "[execute_command for 'ls\rrm -rf ~']" });
  ui.toolResult!(call, textResult('out\u001b[2K'));
  expect(out.stdout).toBe('done\\x1b]52;c;ZXZpbA==\\x07\n');
  expect(out.stderr).toContain("quiver: [execute_command for 'ls\\rrm -rf ~']\n");
  expect(out.stderr).toContain('quiver:   ok: out\\x1b[2K\n');
  expect(out.stdout + out.stderr).not.toMatch(/[\u001b\r\u0007]/);
});
