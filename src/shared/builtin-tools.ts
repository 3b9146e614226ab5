// Contracts of the built-in tools as Settings and the chat's tool picker see them: one row per definition (ready or
// with the reason it is not), each with its approval policy, and the server name their tool blocks carry.

import type { WebSearchEngine, WebSearchSettingsView } from './web-tools.js';

/** `ask`: ask the first time in a chat, then (on "Always allow") remember it for that chat; `always`: never ask. */
export type BuiltinApprovalPolicy = 'ask' | 'always';

/** The `server` of a built-in tool's call state and result details (the MCP block shows it as the source). */
export const BUILTIN_SERVER = 'builtin';

/** One row of the built-in tools list (`builtin-tool`, data-tool = id). */
export interface BuiltinToolListing {
  id: string;
  ready: boolean;
  /** Why it is not ready, in the person's language; absent when ready. */
  reason?: string;
  policy: BuiltinApprovalPolicy;
}

/** Settings' view of the built-in tools: every tool's row and the web-search settings (the key only as `hasKey`). */
export interface BuiltinToolsView {
  tools: BuiltinToolListing[];
  webSearch: WebSearchSettingsView;
}

/**
 * Built-in tools offered for one send only, besides the chat's own choice: `webSearch` (the composer's "Search the
 * web" toggle) offers web_search; `readPage` (the person accepted "Read this page" for a URL they pasted) offers
 * fetch_page.
 */
export interface SendTools {
  webSearch?: boolean;
  readPage?: boolean;
}

/** The one-time tools a send asked for, only those set to true; `undefined` when it asked for none. Never throws. */
export function askedOnce(once: SendTools | undefined): SendTools | undefined {
  if (!once?.webSearch && !once?.readPage) return undefined;
  return { ...(once.webSearch && { webSearch: true }), ...(once.readPage && { readPage: true }) };
}

/** The most hosts fetch_page may be allowed to read although they are private (Settings → Built-in tools). */
export const MAX_ALLOWED_HOSTS = 64;

/** A web-search change from Settings: `apiKey` absent keeps the stored key, `null` removes it. */
export interface WebSearchInput {
  engine: WebSearchEngine | 'none';
  url: string;
  apiKey?: string | null;
}
