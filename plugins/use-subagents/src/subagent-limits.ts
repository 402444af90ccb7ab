/** The default turn cap of a subagent (the baseline has none). */
export const DEFAULT_SUBAGENT_MAX_TURNS = 20;
