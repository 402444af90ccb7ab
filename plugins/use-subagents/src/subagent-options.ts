import { z } from 'zod';

/** The plugin's options, parsed once when it loads (a bad value is a config error naming the key). */
export const subagentOptions = z
  .object({
    /** Model requests each subagent may make. @default 20 */
    maxTurns: z.number().int().positive().optional(),
    /** The tools a subagent gets (an agent file's `tools` wins). @default the read-only set */
    tools: z.array(z.string().min(1)).optional(),
  })
  .strict();

/** The parsed options of use_subagents. */
export type SubagentOptions = z.output<typeof subagentOptions>;
