// A host for core's own tests: createHost with recording fakes for the UI and for the services
// core only consumes (workspace, ignore, command permissions, telemetry). Every fake appends
// the step it performs to `log`, so a test can read the pipeline's order off one array.
import { isAbsolute, join, normalize } from 'node:path';
import {
  coreServices,
  ERROR_CODES,
  quiverError,
  type ApprovalRequest,
  type ApprovalResponse,
  type ApprovalSettings,
  type CommandInput,
  type GateDecision,
  type HostUi,
  type PathAccess,
  type ResolvedPath,
  type ToolCallEvent,
  type WorkspaceRoot,
} from '../../src/index.js';
import { createHost, createMemoryTelemetry, type Host, type ToolSettings } from '../../src/host.js';

/** The fake workspace root; nothing touches the disk. */
export const ROOT = '/ws';

/** How the recording host answers approval prompts. */
export type ApproveAnswer = boolean | ApprovalResponse | ((request: ApprovalRequest) => boolean | ApprovalResponse);

/** What the fakes deny. */
export interface RecordingHostOptions {
  approval?: Partial<ApprovalSettings>;
  tools?: Record<string, ToolSettings>;
  approve?: ApproveAnswer;
  /** Path inputs the ignore fake denies (rule P5). */
  ignoredPaths?: string[];
  /** Commands the ignore fake denies (rule I1). */
  ignoredCommands?: string[];
  /** Commands the permission fake denies (rule R5). */
  deniedCommands?: string[];
  /** Every command the permission and ignore fakes were given, as given (string or screened command). */
  commandsSeen?: CommandInput[];
  /** Leave out the workspace/ignore/permission fakes. */
  bare?: boolean;
  /**
   * Give the workspace and ignore fakes their synchronous twins (`resolveSync`, `checkPathSync`),
   * as the real services have, so the gates take their synchronous path (logged with `Sync`).
   */
  sync?: boolean;
}

/** A host plus everything its fakes recorded. */
export interface RecordingHost extends Host {
  readonly log: string[];
  readonly said: { type: string; text: string }[];
  readonly approvals: ApprovalRequest[];
  readonly events: ToolCallEvent[];
  setApprove(answer: ApproveAnswer): void;
}

/** Create a host whose UI and services record every call into one `log`. */
export function createRecordingHost(options: RecordingHostOptions = {}): RecordingHost {
  const log: string[] = [];
  const said: { type: string; text: string }[] = [];
  const approvals: ApprovalRequest[] = [];
  let answer: ApproveAnswer = options.approve ?? true;
  const ui: HostUi = {
    say: (type, text) => void said.push({ type, text }),
    ask: async () => ({ response: 'yes' }),
    async approve(request) {
      log.push('ui.approve');
      approvals.push(request);
      const a = typeof answer === 'function' ? answer(request) : answer;
      return typeof a === 'boolean' ? { approved: a } : a;
    },
  };
  const host = createHost({ ui, approval: options.approval, tools: options.tools });
  const memory = createMemoryTelemetry();
  host.container.provideValue(coreServices.telemetry, {
    toolCall(event) {
      log.push('telemetry');
      memory.toolCall(event);
    },
  });
  if (!options.bare) provideFakeServices(host, log, options);
  return Object.assign(host, { log, said, approvals, events: memory.events, setApprove: (a: ApproveAnswer) => void (answer = a) });
}

function provideFakeServices(host: Host, log: string[], options: RecordingHostOptions): void {
  const root: WorkspaceRoot = { name: 'ws', path: ROOT };
  host.container.provideValue(coreServices.workspace, {
    roots: [root],
    primary: root,
    splitHint: (text) => ({ rest: text }),
    async resolve(input) {
      log.push('workspace.resolve');
      if (input.includes('\0')) throw quiverError(ERROR_CODES.PATH_MALFORMED, `Path '${input}' contains a NUL byte.`, { rule: 'P2' });
      return fakeResolve(root, input);
    },
    rootOf: (p) => (p === ROOT || p.startsWith(`${ROOT}/`) ? root : undefined),
    ...(options.sync && {
      resolveSync(input: string) {
        log.push('workspace.resolveSync');
        if (input.includes('\0')) throw quiverError(ERROR_CODES.PATH_MALFORMED, `Path '${input}' contains a NUL byte.`, { rule: 'P2' });
        return fakeResolve(root, input);
      },
    }),
  });
  host.container.provideValue(coreServices.ignore, {
    fileName: '.quiverignore',
    async checkPath(path, access): Promise<GateDecision> {
      log.push('ignore.checkPath');
      return options.ignoredPaths?.includes(path.input)
        ? { allowed: false, rule: 'P5', subject: `${path.input} (${access})` }
        : { allowed: true };
    },
    ...(options.sync && {
      checkPathSync(path: ResolvedPath, access: PathAccess): GateDecision {
        log.push('ignore.checkPathSync');
        return options.ignoredPaths?.includes(path.input)
          ? { allowed: false, rule: 'P5', subject: `${path.input} (${access})` }
          : { allowed: true };
      },
    }),
    isIgnored: () => false,
    async checkCommand(input): Promise<GateDecision> {
      log.push('ignore.checkCommand');
      options.commandsSeen?.push(input);
      const command = typeof input === 'string' ? input : input.text;
      return options.ignoredCommands?.includes(command) ? { allowed: false, rule: 'I1', subject: command } : { allowed: true };
    },
  });
  host.container.provideValue(coreServices.permissions, {
    async check(input) {
      log.push('permissions.check');
      options.commandsSeen?.push(input);
      const command = typeof input === 'string' ? input : input.text;
      const denied = options.deniedCommands?.includes(command) ?? false;
      return {
        allowed: !denied,
        reason: denied ? 'denied' : 'allowed',
        rule: denied ? 'R5' : undefined,
        message: denied ? `Command "${command}" is denied (rule R5).` : 'allowed',
        segments: [],
      };
    },
  });
}

function fakeResolve(root: WorkspaceRoot, input: string): ResolvedPath {
  const resolved = normalize(isAbsolute(input) ? input : join(root.path, input));
  const inside = resolved === root.path || resolved.startsWith(`${root.path}/`);
  return {
    input,
    root,
    lexical: resolved,
    resolved,
    inside,
    containingRoot: inside ? root : undefined,
    relative: inside ? resolved.slice(root.path.length + 1) || '.' : resolved,
    exists: true,
    isDirectory: false,
  };
}
