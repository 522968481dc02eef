// How an API key is named in listings and on the sign-in page: its first characters (the `pdfscan_`
// prefix and 4 random ones), never the rest. Pure: the sign-in form computes it in the browser for a
// key that arrived in a link, so the user sees which key the link would sign in with before it does.

export const API_KEY_PREFIX = "pdfscan_";
/** Characters of the key shown in listings: the prefix and 4 random characters. */
export const KEY_DISPLAY_CHARS = API_KEY_PREFIX.length + 4;

export const keyDisplayPrefix = (key: string): string => key.slice(0, KEY_DISPLAY_CHARS);

export const looksLikeApiKey = (value: string): boolean =>
  value.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{1,200}$/.test(value);
