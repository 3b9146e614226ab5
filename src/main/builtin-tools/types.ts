import type { AgentTool } from '../agent/types.js';
import type { Locale } from '../../shared/settings.js';

/** The built-in tools' ids: the names the model calls them by and the `data-tool` of their rows. */
export type BuiltinToolId = 'web_search' | 'fetch_page' | 'run_python' | 'search_knowledge';

/** What a built-in tool is made from for one run. Owner: the built-in tools registry; create() never does I/O. */
export interface BuiltinToolContext {
  sessionId: string;
  /** The person's language for every string the tool returns. */
  language: Locale;
}

/** One built-in tool: listed in Settings beside MCP servers, chosen per chat, run through the same approval as MCP tools. */
export interface BuiltinToolDefinition {
  id: BuiltinToolId;
  /** False while the tool cannot work (e.g. no search engine set up); it is then listed with the reason and not offered. */
  ready(): boolean;
  create(context: BuiltinToolContext): AgentTool;
  /** Optional: why the tool is not ready, in the person's language (Settings and the tool picker show it). */
  notReadyReason?(language: Locale): string | undefined;
}
