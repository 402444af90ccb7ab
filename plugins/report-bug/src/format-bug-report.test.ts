import { describe, expect, it } from 'vitest';
import { currentEnvironment, formatBugReport } from './format-bug-report.js';

const env = { quiverVersion: '0.1.0', model: 'claude-x', operatingSystem: 'Linux 6.1 (linux x64)', systemInfo: 'Node v20.20.0' };

describe('formatBugReport', () => {
  it('writes the sections and the environment', () => {
    const md = formatBugReport({ title: ' Crash on save ', what_happened: 'It crashed.', steps_to_reproduce: '1. Save' }, env);
    expect(md).toBe(
      '# Crash on save\n\n## What happened\n\nIt crashed.\n\n## Steps to reproduce\n\n1. Save\n\n' +
        '## Environment\n\n- Quiver: 0.1.0\n- Model: claude-x\n- Operating system: Linux 6.1 (linux x64)\n- System: Node v20.20.0\n',
    );
  });

  it('fences the API output so backticks inside cannot close it, and adds the context', () => {
    const md = formatBugReport(
      { title: 't', what_happened: 'w', steps_to_reproduce: 's', api_request_output: 'a ``` b', additional_context: 'ctx' },
      env,
    );
    expect(md).toContain('## API request output\n\n````text\na ``` b\n````');
    expect(md).toContain('## Additional context\n\nctx');
  });

  it('describes this machine', () => {
    const e = currentEnvironment('9.9.9', undefined);
    expect(e.model).toBe('unknown');
    expect(e.systemInfo).toBe(`Node ${process.version}`);
    expect(e.operatingSystem).toContain(process.platform);
  });
});
