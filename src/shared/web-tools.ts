// Contracts of the built-in web tools shared by main and the renderer: the search engines a person can choose, the
// web-search settings (the key itself never leaves main: the renderer only learns whether one is stored), and a source
// an answer cites.

/** `searxng` needs no key (a public or self-hosted instance URL, JSON format on); `tavily` and `brave` need one. */
export type WebSearchEngine = 'searxng' | 'tavily' | 'brave';

export const WEB_SEARCH_ENGINES: readonly WebSearchEngine[] = ['searxng', 'tavily', 'brave'];

/** The engines' API origins: a key is sealed to the origin it was entered for and sent nowhere else. */
export const WEB_SEARCH_DEFAULT_URLS: Record<WebSearchEngine, string> = {
  searxng: '',
  tavily: 'https://api.tavily.com',
  brave: 'https://api.search.brave.com',
};

/** The web-search settings as the renderer sees them. */
export interface WebSearchSettingsView {
  engine: WebSearchEngine | 'none';
  /** The instance (SearXNG) or API base URL. */
  url: string;
  hasKey: boolean;
  /** Hosts the person allowed fetch_page to read although they are local or private. */
  allowedHosts: string[];
}

/** One search result: what the model reads and what the answer lists as a source. */
export interface WebSource {
  title: string;
  url: string;
  snippet: string;
  /** As the engine gave it (ISO or the engine's words), when it gave one. */
  date?: string;
}
