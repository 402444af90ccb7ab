import { defineErrorCodes } from '@quiver/core';

/** The agent loop's error codes (hosts that run a model raise `PROVIDER` too). */
export const AGENT_ERRORS = defineErrorCodes('@quiver/agent', {
  PROVIDER: {
    code: 'QUIVER_ERR_PROVIDER_FAILED',
    meaning: 'The model provider failed (`quiver run`): a missing API key, a network or API error.',
    fix: 'Set the environment variable named by `model.apiKeyEnv`, check `model.baseURL`, or retry later.',
  },
  AGENT_MAX_TURNS: {
    code: 'QUIVER_ERR_AGENT_MAX_TURNS',
    meaning:
      "The agent loop made its maximum number of model requests (`--max-turns`, `model.maxTurns`, a subagent's turn cap) without `attempt_completion`.",
    fix: 'Raise the limit, or give a smaller, clearer task.',
  },
  AGENT_NO_COMPLETION: {
    code: 'QUIVER_ERR_AGENT_NO_COMPLETION',
    meaning: 'A subagent answered several turns in a row without calling a tool, so it never called `attempt_completion`.',
    fix: 'Make the subagent prompt say what to find and to finish with `attempt_completion`; try a stronger model.',
  },
  AGENT_CANCELLED: {
    code: 'QUIVER_ERR_AGENT_CANCELLED',
    meaning: 'A hook cancelled the task (`TaskStart`, `UserPromptSubmit` or `PostToolUse` answered cancel).',
    fix: "Read the hook's reason; change the prompt or the hook.",
  },
  AGENT_ABORTED: {
    code: 'QUIVER_ERR_AGENT_ABORTED',
    meaning: "The task was aborted (Ctrl-C, or the caller's signal); running commands were killed.",
    fix: 'Nothing to fix; run the task again if needed.',
  },
  AGENT_SESSION: {
    code: 'QUIVER_ERR_AGENT_SESSION',
    meaning: 'A saved session (`.quiver/sessions/<id>.jsonl`) to resume is missing, unknown or not a session file.',
    fix: 'Run `quiver run --resume` without an id for the newest session, or start a new run.',
  },
  AGENT_MODEL_MISSING: {
    code: 'QUIVER_ERR_AGENT_MODEL_MISSING',
    meaning: 'A tool that runs its own agent loop (`use_subagents`) found no model: the host provides none.',
    fix: 'Run it inside `quiver run` (or provide `agentServices.model` from `@quiver/agent` in your host).',
  },
  AGENT_HOST_MISSING: {
    code: 'QUIVER_ERR_AGENT_HOST_MISSING',
    meaning: '`runAgentLoop` was called without a host or a runtime to run the tools on.',
    fix: 'Pass `host` (from `createHost`) or `runtime` (from `@quiver/runtime`) to `runAgentLoop`.',
  },
});
