import { describe, expect, it } from 'vitest';
import { readSettings } from './settings.js';

const source = (values: Record<string, unknown>) => ({ get: <T>(key: string) => values[key] as T | undefined });

describe('readSettings', () => {
  it('takes only the approval levels set to a boolean (null means: the config decides)', () => {
    const s = readSettings(
      source({ 'approval.editFiles': true, 'approval.readFiles': null, 'approval.executeAllCommands': false, 'approval.bogus': true }),
    );
    expect(s.approvalOverrides).toEqual({ editFiles: true, executeAllCommands: false });
  });

  it('has defaults for everything unset', () => {
    expect(readSettings(source({}))).toEqual({
      configPath: '',
      approvalOverrides: {},
      approvalPrompt: 'modal',
      mcp: { enabled: true, command: 'quiver' },
    });
  });

  it('reads the config path, prompt style and MCP command', () => {
    const s = readSettings(
      source({
        configPath: ' cfg/quiver.config.json ',
        approvalPrompt: 'notification',
        'mcp.enabled': false,
        'mcp.command': '/opt/bin/quiver',
      }),
    );
    expect(s).toMatchObject({
      configPath: 'cfg/quiver.config.json',
      approvalPrompt: 'notification',
      mcp: { enabled: false, command: '/opt/bin/quiver' },
    });
  });
});
