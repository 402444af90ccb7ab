// The AutoApprover's whole truth table (SPEC Part B §9, §16.18, §3 step 8), over every
// combination of the ten approval booleans. The oracle below is the SPEC's text, transcribed.
import { describe, expect, it } from 'vitest';
import { type ApprovalCategory, type ApprovalSettings } from '../index.js';
import { DEFAULT_APPROVAL_SETTINGS } from '../host.js';
import { createAutoApprover, type AutoApproveLevels } from './auto-approver.js';
import { approvalSettingsSchema } from './approval-settings.js';

const FLAGS = [
  'yolo',
  'autoApproveAll',
  'readFiles',
  'readFilesExternally',
  'editFiles',
  'editFilesExternally',
  'executeSafeCommands',
  'executeAllCommands',
  'useBrowser',
  'useMcp',
] as const;

/** All 1024 settings combinations. */
const ALL_SETTINGS: ApprovalSettings[] = Array.from({ length: 1 << FLAGS.length }, (_, bits) => {
  const s = { ...DEFAULT_APPROVAL_SETTINGS };
  FLAGS.forEach((flag, i) => (s[flag] = Boolean(bits & (1 << i))));
  return s;
});

const label = (s: ApprovalSettings) => FLAGS.filter((f) => s[f]).join('+') || '(all off)';

/** SPEC Part B §9, `shouldAutoApproveTool`, by baseline tool name. */
function oracleLevels(tool: string, s: ApprovalSettings): AutoApproveLevels {
  const read = ['read_file', 'list_files', 'list_code_definition_names', 'search_files'];
  const edit = ['new_rule', 'write_to_file', 'replace_in_file', 'apply_patch'];
  const browser = ['browser_action', 'web_fetch', 'web_search'];
  const mcp = ['use_mcp_tool', 'access_mcp_resource'];
  if (s.yolo || s.autoApproveAll) {
    if ([...read, ...edit, 'execute_command', 'use_subagents'].includes(tool)) return [true, true];
    if ([...browser, ...mcp].includes(tool)) return true;
  }
  if ([...read, 'use_subagents'].includes(tool)) return [s.readFiles, s.readFilesExternally];
  if (edit.includes(tool)) return [s.editFiles, s.editFilesExternally];
  if (tool === 'execute_command') return [s.executeSafeCommands, s.executeAllCommands];
  if (browser.includes(tool)) return s.useBrowser;
  if (mcp.includes(tool)) return s.useMcp;
  return false;
}

/** SPEC Part B §9, `shouldAutoApproveToolWithPath`: no path counts as external. */
function oracleWithPath(tool: string, inside: boolean | undefined, s: ApprovalSettings): boolean {
  if (s.yolo || s.autoApproveAll) return true;
  const lv = oracleLevels(tool, s);
  const [l, e] = typeof lv === 'boolean' ? [lv, false] : lv;
  const local = inside === true;
  return (local && l) || (!local && l && e);
}

const BASELINE_TOOLS: [string, ApprovalCategory][] = [
  ['read_file', 'read'],
  ['list_files', 'read'],
  ['list_code_definition_names', 'read'],
  ['search_files', 'read'],
  ['write_to_file', 'edit'],
  ['replace_in_file', 'edit'],
  ['new_rule', 'edit'],
  ['apply_patch', 'edit'],
  ['execute_command', 'command'],
  ['use_subagents', 'read'],
  ['browser_action', 'browser'],
  ['web_fetch', 'browser'],
  ['web_search', 'browser'],
  ['use_mcp_tool', 'mcp'],
  ['access_mcp_resource', 'mcp'],
  ['ask_followup_question', 'always'],
];

describe('shouldAutoApproveTool and shouldAutoApproveToolWithPath', () => {
  // The approver sees only the category the tool's plugin declares; the oracle goes by name.
  it.each(BASELINE_TOOLS)('%s (declared %s) matches SPEC §9 for all 1024 settings and inside/outside/no path', (tool, category) => {
    for (const s of ALL_SETTINGS) {
      const approver = createAutoApprover(s);
      expect(approver.shouldAutoApproveTool(tool, category), `${tool} with ${label(s)}`).toEqual(oracleLevels(tool, s));
      for (const inside of [true, false, undefined]) {
        expect(approver.shouldAutoApproveToolWithPath(tool, inside, category), `${tool} inside=${inside} with ${label(s)}`).toBe(
          oracleWithPath(tool, inside, s),
        );
      }
    }
  });

  it('the baseline defaults: read local ✓, edit ✗, safe commands ✓, browser ✗, MCP ✓', () => {
    const a = createAutoApprover(DEFAULT_APPROVAL_SETTINGS);
    expect(BASELINE_TOOLS.map(([t, c]) => [t, a.shouldAutoApproveTool(t, c)])).toEqual([
      ['read_file', [true, false]],
      ['list_files', [true, false]],
      ['list_code_definition_names', [true, false]],
      ['search_files', [true, false]],
      ['write_to_file', [false, false]],
      ['replace_in_file', [false, false]],
      ['new_rule', [false, false]],
      ['apply_patch', [false, false]],
      ['execute_command', [true, false]],
      ['use_subagents', [true, false]],
      ['browser_action', false],
      ['web_fetch', false],
      ['web_search', false],
      ['use_mcp_tool', true],
      ['access_mcp_resource', true],
      ['ask_followup_question', false],
    ]);
    expect(DEFAULT_APPROVAL_SETTINGS).toMatchObject({ enableNotifications: false, maxConsecutiveMistakes: 3 });
  });

  it('a third-party tool takes its category’s settings', () => {
    for (const s of ALL_SETTINGS) {
      const a = createAutoApprover(s);
      for (const [baseline, category] of BASELINE_TOOLS.filter(([, c]) => c !== 'always').slice(0, 11)) {
        expect(a.shouldAutoApproveTool('acme_tool', category), `${category} with ${label(s)}`).toEqual(
          a.shouldAutoApproveTool(baseline, category),
        );
      }
    }
  });
});

/** The decision of one call, as SPEC Part A + B define it. */
function oracleDecide(
  tool: string,
  category: ApprovalCategory,
  s: ApprovalSettings,
  o: { inside?: boolean; hasPath: boolean; escalated?: string },
): boolean {
  if (category === 'none' || s.yolo) return true;
  if (category === 'always') return s.autoApproveAll;
  const lv = oracleLevels(tool, s);
  const [l, e] = typeof lv === 'boolean' ? [lv, false] : lv;
  if (o.hasPath) return o.escalated ? l && e : oracleWithPath(tool, o.inside, s);
  if (typeof lv === 'boolean') return lv;
  // §3 step 8: auto iff (¬req ∧ safe) ∨ (req ∧ safe ∧ all).
  const req = Boolean(o.escalated);
  return (!req && l) || (req && l && e);
}

describe('decide', () => {
  const shapes = [
    { inside: true, hasPath: true },
    { inside: false, hasPath: true },
    { inside: undefined, hasPath: true },
    { inside: true, hasPath: true, escalated: 'destructive' },
    { hasPath: false },
    { hasPath: false, escalated: 'requires_approval' },
  ];

  it.each(BASELINE_TOOLS)('%s: every settings combination and call shape', (tool, category) => {
    for (const s of ALL_SETTINGS) {
      const a = createAutoApprover(s);
      for (const shape of shapes) {
        const d = a.decide(tool, category, shape);
        expect(d.auto, `${tool} ${JSON.stringify(shape)} with ${label(s)}`).toBe(oracleDecide(tool, category, s, shape));
        if (!d.auto) expect(d.reason).toBeTruthy();
      }
    }
  });

  it('the command formula, spelled out', () => {
    const rows: [safe: boolean, all: boolean, req: boolean, auto: boolean][] = [
      [false, false, false, false],
      [false, false, true, false],
      [false, true, false, false],
      [false, true, true, false],
      [true, false, false, true],
      [true, false, true, false],
      [true, true, false, true],
      [true, true, true, true],
    ];
    for (const [safe, all, req, auto] of rows) {
      const a = createAutoApprover({ ...DEFAULT_APPROVAL_SETTINGS, executeSafeCommands: safe, executeAllCommands: all });
      expect(
        a.decide('execute_command', 'command', { hasPath: false, escalated: req ? 'rm is destructive' : undefined }).auto,
        `safe=${safe} all=${all} req=${req}`,
      ).toBe(auto);
    }
  });

  it.each([
    { category: 'none' as const, settings: {}, auto: true },
    { category: 'none' as const, settings: { readFiles: false, useMcp: false, executeSafeCommands: false }, auto: true },
    { category: 'always' as const, settings: {}, auto: false },
    { category: 'always' as const, settings: { autoApproveAll: true }, auto: true },
    { category: 'always' as const, settings: { yolo: true }, auto: true },
    { category: 'browser' as const, settings: { useBrowser: true }, auto: true },
    { category: 'browser' as const, settings: {}, auto: false },
    { category: 'mcp' as const, settings: {}, auto: true },
    { category: 'mcp' as const, settings: { useMcp: false }, auto: false },
  ])('$category with $settings → auto $auto', ({ category, settings, auto }) => {
    const a = createAutoApprover(approvalSettingsSchema.parse(settings));
    expect(a.decide('acme_tool', category, { hasPath: false }).auto).toBe(auto);
  });

  it.each([
    { tool: 'read_file', settings: { readFiles: false }, inside: true, setting: 'approval.readFiles' },
    { tool: 'read_file', settings: {}, inside: false, setting: 'approval.readFilesExternally' },
    { tool: 'write_to_file', settings: {}, inside: true, setting: 'approval.editFiles' },
    { tool: 'write_to_file', settings: { editFiles: true }, inside: undefined, setting: 'approval.editFilesExternally' },
  ])('$tool (inside: $inside) names $setting', ({ tool, settings, inside, setting }) => {
    const a = createAutoApprover(approvalSettingsSchema.parse(settings));
    expect(a.decide(tool, tool === 'read_file' ? 'read' : 'edit', { inside, hasPath: true })).toMatchObject({ auto: false, setting });
  });

  it('an escalated command names executeAllCommands', () => {
    const a = createAutoApprover(DEFAULT_APPROVAL_SETTINGS);
    expect(a.decide('execute_command', 'command', { hasPath: false, escalated: 'git push --force rewrites history' })).toEqual({
      auto: false,
      reason: 'git push --force rewrites history',
      setting: 'approval.executeAllCommands',
    });
  });
});

describe('approval settings', () => {
  it('reject unknown keys and wrong types', () => {
    expect(approvalSettingsSchema.safeParse({ readFile: true }).success).toBe(false);
    expect(approvalSettingsSchema.safeParse({ yolo: 'yes' }).success).toBe(false);
    expect(approvalSettingsSchema.safeParse({ maxConsecutiveMistakes: 0 }).success).toBe(false);
  });
});
