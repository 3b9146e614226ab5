// The built-in web tools as definitions for the registry: `web_search` (the engine from WebToolSettings; results
// numbered for citing, with the sources in the result's details for the answer's sources list) and `fetch_page`
// (a URL read through the guarded fetch and the page worker into Markdown).
import { DOCUMENT_ERROR_WORDS } from '../../../shared/document-words.js';
import type { WebSource } from '../../../shared/web-tools.js';
import type { AgentToolResult } from '../../agent/types.js';
import type { BuiltinToolDefinition } from '../types.js';
import { GuardedFetchError, type Resolver } from './net-guard.js';
import type { PageReader } from './page-reader.js';
import { ENGINE_LABELS, ENGINE_NEEDS_KEY, SearchError, searchWeb, sourcesForModel } from './search-engines.js';
import { WEB_STRINGS } from './strings.js';
import type { WebToolSettings } from './web-settings.js';

/** What a web_search result carries besides its text: the sources, for the list under the answer. */
export interface WebSearchDetails {
  sources: WebSource[];
}
/** What a fetch_page result carries: where the page ended up (after redirects) and its title. */
export interface FetchPageDetails {
  url: string;
  title: string;
  bytes: number;
}

export interface WebToolDeps {
  settings: WebToolSettings;
  reader: PageReader;
  /** Injected in tests (a name that resolves to loopback); the system resolver otherwise. */
  resolver?: Resolver;
  fetchFn?: typeof fetch;
  limits?: { maxBytes?: number; timeoutMs?: number; maxRedirects?: number };
}

const SEARCH_TIMEOUT_MS = 20_000;

export function webSearchDefinition(deps: WebToolDeps): BuiltinToolDefinition {
  return {
    id: 'web_search',
    ready: () => deps.settings.notReadyReason() === undefined,
    notReadyReason: (language) => {
      const reason = deps.settings.notReadyReason();
      const strings = WEB_STRINGS[language];
      const engine = deps.settings.engine();
      if (reason === 'no-key' && engine !== 'none') return strings.searchNeedsKey(ENGINE_LABELS[engine]);
      return reason ? strings.searchNotSetUp : undefined;
    },
    create: ({ language }) => ({
      name: 'web_search',
      description:
        'Search the web. Returns numbered results (title, URL, date when known, snippet). Cite them as [1], [2]… in the answer; use fetch_page to read a result in full.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to search for' },
          count: { type: 'integer', minimum: 1, maximum: 10, description: 'How many results (default 5)' },
        },
        required: ['query'],
      },
      async execute(_id, args: { query?: unknown; count?: unknown }, signal): Promise<AgentToolResult<WebSearchDetails>> {
        const strings = WEB_STRINGS[language];
        const query = typeof args?.query === 'string' ? args.query.trim() : '';
        if (!query) throw new Error(strings.badArguments);
        const engine = deps.settings.engine();
        if (engine === 'none' || !deps.settings.url()) throw new Error(strings.searchNotSetUp);
        const apiKey = deps.settings.keyForUrl();
        if (ENGINE_NEEDS_KEY[engine] && !apiKey) throw new Error(strings.searchNeedsKey(ENGINE_LABELS[engine]));
        const count = typeof args.count === 'number' && args.count >= 1 ? Math.min(10, Math.floor(args.count)) : 5;
        let sources: WebSource[];
        try {
          sources = await searchWeb({
            engine,
            baseUrl: deps.settings.url(),
            ...(apiKey ? { apiKey } : {}),
            query,
            count,
            signal: AbortSignal.any([signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]),
            ...(deps.fetchFn ? { fetchFn: deps.fetchFn } : {}),
          });
        } catch (error) {
          if (signal.aborted) throw new Error(strings.fetchError('aborted', ''));
          const detail = error instanceof SearchError ? error.message : String((error as Error)?.message ?? error);
          throw new Error(strings.searchFailed(ENGINE_LABELS[engine], detail));
        }
        const body = sources.length ? sourcesForModel(sources) : strings.noResults(query);
        return { content: [{ type: 'text', text: body }], details: { sources } };
      },
    }),
  };
}

export function fetchPageDefinition(deps: WebToolDeps): BuiltinToolDefinition {
  return {
    id: 'fetch_page',
    ready: () => true,
    notReadyReason: () => undefined,
    create: ({ language }) => ({
      name: 'fetch_page',
      description:
        'Read a web page (http or https) as Markdown: its main article text, without navigation, ads or scripts. A PDF is read page by page ("## Page n"). Pages over 5 MB, local or private addresses and other non-text files are refused.',
      parameters: {
        type: 'object',
        properties: { url: { type: 'string', description: 'The http(s) URL to read' } },
        required: ['url'],
      },
      async execute(_id, args: { url?: unknown }, signal): Promise<AgentToolResult<FetchPageDetails>> {
        const strings = WEB_STRINGS[language];
        const url = typeof args?.url === 'string' ? args.url.trim() : '';
        if (!url) throw new Error(strings.badArguments);
        try {
          const page = await deps.reader.read(url, {
            signal,
            allowedHosts: deps.settings.allowedHosts(),
            ...(deps.resolver ? { resolver: deps.resolver } : {}),
            ...deps.limits,
          });
          if (page.kind === 'notText') throw new Error(strings.notText(page.contentType));
          if (page.kind === 'documentError')
            throw new Error(strings.documentRefused(page.title, DOCUMENT_ERROR_WORDS[language][page.code]));
          const text = `# ${page.title}\nURL: ${page.url}${page.published ? `\nPublished: ${page.published}` : ''}\n\n${page.markdown}`;
          return { content: [{ type: 'text', text }], details: { url: page.url, title: page.title, bytes: page.bytes } };
        } catch (error) {
          if (error instanceof GuardedFetchError) throw new Error(strings.fetchError(error.code, error.detail));
          if (signal.aborted) throw new Error(strings.fetchError('aborted', ''));
          throw error;
        }
      },
    }),
  };
}
