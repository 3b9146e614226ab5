// The built-in tools in Settings, beside MCP servers: the web-search engine, its URL and key (the key goes to main and
// never comes back; the section says only whether one is kept), and each tool's row with its state and approval policy.
import { useEffect, useState, type FormEvent, type JSX } from 'react';
import type { BuiltinApprovalPolicy, BuiltinToolsView } from '../../../../shared/builtin-tools';
import { WEB_SEARCH_ENGINES, type WebSearchEngine } from '../../../../shared/web-tools';
import { useT, type StringKey } from '../../i18n';

export function WebToolsSettings(): JSX.Element | null {
  const t = useT();
  const [view, setView] = useState<BuiltinToolsView | undefined>();
  const [engine, setEngine] = useState<WebSearchEngine | 'none'>('none');
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState('');

  const apply = (next: BuiltinToolsView) => {
    setView(next);
    setEngine(next.webSearch.engine);
    setUrl(next.webSearch.url);
  };
  useEffect(() => {
    void window.api.getBuiltinTools().then((result) => result.ok && apply(result.value));
  }, []);
  if (!view) return null;

  const answer = (result: Awaited<ReturnType<typeof window.api.getBuiltinTools>>) => {
    if (result.ok) {
      apply(result.value);
      setError('');
    } else setError(t('webTools.error', { message: result.error.message }));
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    answer(await window.api.setWebSearch({ engine, url, ...(key.trim() && { apiKey: key.trim() }) }));
    setKey('');
  };
  const setPolicy = async (tool: string, policy: BuiltinApprovalPolicy) => answer(await window.api.setBuiltinToolPolicy({ tool, policy }));

  return (
    <section className="mcp-settings" data-testid="settings-web-search" aria-labelledby="web-tools-title">
      <h3 id="web-tools-title">{t('webTools.title')}</h3>
      <form onSubmit={(event) => void save(event)}>
        <label>
          {t('webTools.engine')}
          <select data-testid="web-search-engine" value={engine} onChange={(e) => setEngine(e.target.value as WebSearchEngine | 'none')}>
            <option value="none">{t('webTools.engine.none')}</option>
            {WEB_SEARCH_ENGINES.map((id) => (
              <option key={id} value={id}>
                {{ searxng: 'SearXNG', tavily: 'Tavily', brave: 'Brave Search' }[id]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('webTools.url')}
          <input data-testid="web-search-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <label>
          {t('webTools.key')}
          <input
            data-testid="web-search-key"
            type="password"
            autoComplete="off"
            value={key}
            placeholder={view.webSearch.hasKey ? t('webTools.keySet') : t('webTools.keyNone')}
            onChange={(e) => setKey(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="web-search-save">
          {t('webTools.save')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      <ul>
        {view.tools.map((tool) => (
          <li key={tool.id} data-testid="builtin-tool" data-tool={tool.id} data-ready={tool.ready ? 'true' : 'false'}>
            <strong>{t(`webTools.tool.${tool.id}` as StringKey)}</strong> <span>{tool.ready ? t('webTools.ready') : tool.reason}</span>{' '}
            <label>
              {t('webTools.policy')}
              <select value={tool.policy} onChange={(e) => void setPolicy(tool.id, e.target.value as BuiltinApprovalPolicy)}>
                <option value="ask">{t('webTools.policy.ask')}</option>
                <option value="always">{t('webTools.policy.always')}</option>
              </select>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
