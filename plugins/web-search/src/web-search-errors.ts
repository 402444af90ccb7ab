import { defineErrorCodes } from '@quiver/core';

/** `web_search`'s error codes. */
export const WEB_SEARCH_ERRORS = defineErrorCodes('@quiver/tool-web-search', {
  WEB_SEARCH_UNCONFIGURED: {
    code: 'QUIVER_ERR_WEB_SEARCH_UNCONFIGURED',
    meaning: '`web_search` has no usable provider: an unknown `provider`, or the environment variable named by `apiKeyEnv` is not set.',
    fix: "Set the provider's API key in the environment variable the plugin options name.",
  },
  WEB_SEARCH_FAILED: {
    code: 'QUIVER_ERR_WEB_SEARCH_FAILED',
    meaning: "The search provider answered with an error status or a body that is not its API's format, or did not answer in time.",
    fix: 'Check the API key and `baseUrl`; retry later.',
  },
});
