/** Where the harness secret travels; shared by the server (Node) and the page's bridge (browser). */

/** The header the bridge and the test helpers send the secret in. */
export const SECRET_HEADER = 'x-counterpay-harness';
/** EventSource cannot send headers: the event stream takes the secret in this query parameter. */
export const SECRET_PARAM = 'key';
/** The meta tag carrying the secret to the page (read by harness/bridge.ts and the e2e helpers). */
export const SECRET_META = 'counterpay-harness-secret';
