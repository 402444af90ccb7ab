import { z } from 'zod';

/**
 * Approval settings: the baseline's categories and defaults (SPEC Part B §9), plus `yolo`
 * and `autoApproveAll`.
 */
export const approvalSettingsSchema = z
  .object({
    /** Approve everything, never ask. @default false */
    yolo: z.boolean().default(false),
    /** Approve every category, local and external. @default false */
    autoApproveAll: z.boolean().default(false),
    /** @default true */
    readFiles: z.boolean().default(true),
    /** @default false */
    readFilesExternally: z.boolean().default(false),
    /** @default false */
    editFiles: z.boolean().default(false),
    /** @default false */
    editFilesExternally: z.boolean().default(false),
    /** @default true */
    executeSafeCommands: z.boolean().default(true),
    /** @default false */
    executeAllCommands: z.boolean().default(false),
    /**
     * Approve a command that will run inside the OS sandbox (`sandbox.mode` workspace-write or
     * read-only, sandbox available), whatever the other command levels say. A command that
     * runs outside it (excluded, asked for by the model, no sandbox here) is never approved by
     * this. @default false
     */
    executeSandboxedCommands: z.boolean().default(false),
    /** @default false */
    useBrowser: z.boolean().default(false),
    /** @default true */
    useMcp: z.boolean().default(true),
    /** @default false */
    enableNotifications: z.boolean().default(false),
    /** The consecutive-mistake limit. @default 3 */
    maxConsecutiveMistakes: z.number().int().min(1).default(3),
  })
  .strict();

/** Resolved approval settings. */
export type ApprovalSettings = z.output<typeof approvalSettingsSchema>;

/** The baseline defaults. */
// jitless: one parse at import; zod's compiled fast path would cost more than it saves.
export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = approvalSettingsSchema.parse({}, { jitless: true });
