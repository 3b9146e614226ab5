// The web search engines, each one request and one JSON shape: SearXNG (`/search?format=json`, no key), Tavily
// (`POST /search`, bearer key) and Brave (`/res/v1/web/search`, subscription-token header). The URL is the one the
// person set (a key goes only to the origin it was sealed for: the caller checks before passing it).
import type { WebSearchEngine, WebSource } from '../../../shared/web-tools.js';

export interface SearchRequest {
  engine: WebSearchEngine;
  /** Instance or API base URL, e.g. `https://searx.example.org` or `https://api.tavily.com`. */
  baseUrl: string;
  apiKey?: string;
  query: string;
  count: number;
  signal: AbortSignal;
  /** Injected in tests; the platform's fetch otherwise. */
  fetchFn?: typeof fetch;
}

export const ENGINE_LABELS: Record<WebSearchEngine, string> = { searxng: 'SearXNG', tavily: 'Tavily', brave: 'Brave Search' };
export const ENGINE_NEEDS_KEY: Record<WebSearchEngine, boolean> = { searxng: false, tavily: true, brave: true };

/** The most bytes an engine's answer may have (a search answer is a few KB). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export class SearchError extends Error {}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const base = (url: string): string => url.replace(/\/+$/, '');

function sources(items: unknown, pick: (item: Record<string, unknown>) => WebSource, count: number): WebSource[] {
  if (!Array.isArray(items)) return [];
  const out: WebSource[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const source = pick(item as Record<string, unknown>);
    if (!/^https?:\/\//i.test(source.url)) continue;
    out.push(source.date ? source : { title: source.title, url: source.url, snippet: source.snippet });
    if (out.length >= count) break;
  }
  return out;
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw new SearchError(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) throw new SearchError('answer too large');
  const body = await response.text();
  if (body.length > MAX_ANSWER_BYTES) throw new SearchError('answer too large');
  try {
    return JSON.parse(body);
  } catch {
    throw new SearchError('the answer is not JSON (for SearXNG, turn on the json format in its settings.yml)');
  }
}

export async function searchWeb(request: SearchRequest): Promise<WebSource[]> {
  const fetchFn = request.fetchFn ?? fetch;
  const { query, count, signal } = request;
  switch (request.engine) {
    case 'searxng': {
      const url = new URL(`${base(request.baseUrl)}/search`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const answer = (await json(await fetchFn(url, { signal, headers: { accept: 'application/json' } }))) as { results?: unknown };
      return sources(
        answer.results,
        (r) => ({ title: text(r.title), url: text(r.url), snippet: text(r.content), date: text(r.publishedDate) }),
        count,
      );
    }
    case 'tavily': {
      const answer = (await json(
        await fetchFn(`${base(request.baseUrl)}/search`, {
          method: 'POST',
          signal,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${request.apiKey ?? ''}` },
          body: JSON.stringify({ query, max_results: count, search_depth: 'basic' }),
        }),
      )) as { results?: unknown };
      return sources(
        answer.results,
        (r) => ({ title: text(r.title), url: text(r.url), snippet: text(r.content), date: text(r.published_date) }),
        count,
      );
    }
    case 'brave': {
      const url = new URL(`${base(request.baseUrl)}/res/v1/web/search`);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(count));
      const answer = (await json(
        await fetchFn(url, { signal, headers: { accept: 'application/json', 'x-subscription-token': request.apiKey ?? '' } }),
      )) as { web?: { results?: unknown } };
      return sources(
        answer.web?.results,
        (r) => ({
          title: text(r.title),
          url: text(r.url),
          snippet: text(r.description).replace(/<\/?strong>/g, ''),
          date: text(r.page_age) || text(r.age),
        }),
        count,
      );
    }
  }
}

/** The results as the model reads them: numbered, so the answer can cite [1], [2]… */
export function sourcesForModel(results: readonly WebSource[]): string {
  return results.map((r, i) => `[${i + 1}] ${r.title}\nURL: ${r.url}${r.date ? `\nDate: ${r.date}` : ''}\n${r.snippet}`).join('\n\n');
}
