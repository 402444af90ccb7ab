import { defineErrorCodes } from '@quiver/core';

/** `web_fetch`'s error codes. */
export const WEB_FETCH_ERRORS = defineErrorCodes('@quiver/tool-web-fetch', {
  WEB_ADDRESS_REFUSED: {
    code: 'QUIVER_ERR_WEB_ADDRESS_REFUSED',
    meaning:
      '`web_fetch` refused a URL (or a redirect hop) whose host resolves to a private, loopback, link-local or otherwise non-public address, or whose scheme is not http(s).',
    fix: 'Fetch a public URL. To allow local servers, set the plugin option `allowPrivateAddresses: true` or list the host in `allowedHosts`.',
  },
  WEB_FETCH_FAILED: {
    code: 'QUIVER_ERR_WEB_FETCH_FAILED',
    meaning: 'The fetch failed: DNS, connection, TLS, an HTTP error status, or too many redirects.',
    fix: 'Check the URL; retry later for a server error.',
  },
  WEB_CONTENT_UNSUPPORTED: {
    code: 'QUIVER_ERR_WEB_CONTENT_UNSUPPORTED',
    meaning: 'The response is binary (an image, an archive, a PDF...), not HTML or text.',
    fix: 'Fetch a page or text resource instead; download files with a command if the user allows it.',
  },
});
