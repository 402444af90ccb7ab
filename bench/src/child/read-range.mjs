// A child process for peak-RSS measurement: builds the runtime with the read_file plugin and,
// in mode "read", reads a line range through the whole pipeline; in mode "idle" it stops
// short of the call (the baseline: the same process without the read). Prints one JSON line
// with process.resourceUsage().maxRSS (KiB), the call's time and the lines returned.
import { performance } from 'node:perf_hooks';
import { createRuntime } from '@quiver/runtime';
import readFile from '@quiver/tool-read-file';

const [cwd, path, start, end, mode] = process.argv.slice(2);
const ui = { say: () => {}, ask: async () => ({ response: 'yes' }), approve: async () => ({ approved: true }) };
const runtime = await createRuntime({ cwd, config: {}, ui, plugins: [{ plugin: readFile }], noConfigPlugins: true });
const task = runtime.createTask();
let lines = 0;
const began = performance.now();
if (mode === 'read') {
  const r = await task.call('read_file', { path, start_line: Number(start), end_line: Number(end) });
  const text = r.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
  if (r.isError) {
    process.stderr.write(text);
    process.exit(1);
  }
  lines = text.split('\n').length;
}
const ms = performance.now() - began;
await task.dispose();
await runtime.dispose();
process.stdout.write(`${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, ms, lines })}\n`);
