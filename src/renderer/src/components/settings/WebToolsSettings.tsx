// The built-in tools in Settings, beside MCP servers: the web-search engine, its URL and key (the key goes to main and
// never comes back; the section says only whether one is kept), each tool's row with its state and approval policy,
// and the private hosts "Read a web page" may read (every other local or private address is refused).
import { useEffect, useState, type FormEvent, type JSX } from 'react';
import type { BuiltinApprovalPolicy, BuiltinToolsView } from '../../../../shared/builtin-tools';
import type { IpcResult } from '../../../../shared/errors';
import { WEB_SEARCH_ENGINES, type WebSearchEngine } from '../../../../shared/web-tools';
import { useT, type StringKey } from '../../i18n';
import { useAppState } from '../../store/appState';

export function WebToolsSettings(): JSX.Element | null {
  const t = useT();
  const view = useAppState((s) => s.builtinTools);
  const loadBuiltinTools = useAppState((s) => s.loadBuiltinTools);
  const saveWebSearch = useAppState((s) => s.saveWebSearch);
  const setBuiltinToolPolicy = useAppState((s) => s.setBuiltinToolPolicy);
  const [engine, setEngine] = useState<WebSearchEngine | 'none'>('none');
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState('');

  const take = (next: BuiltinToolsView) => {
    setEngine(next.webSearch.engine);
    setUrl(next.webSearch.url);
  };
  useEffect(() => {
    void loadBuiltinTools().then(() => {
      const loaded = useAppState.getState().builtinTools;
      if (loaded) take(loaded);
    });
  }, [loadBuiltinTools]);
  if (!view) return null;

  const answer = (result: IpcResult<BuiltinToolsView>): boolean => {
    if (result.ok) setError('');
    else setError(t('webTools.error', { message: result.error.message }));
    return result.ok;
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const result = await saveWebSearch({ engine, url, ...(key.trim() && { apiKey: key.trim() }) });
    if (answer(result) && result.ok) take(result.value);
    setKey('');
  };
  const setPolicy = async (tool: string, policy: BuiltinApprovalPolicy) => answer(await setBuiltinToolPolicy(tool, policy));

  return (
    <section className="mcp-settings" data-testid="settings-web-search" aria-labelledby="web-tools-title">
      <h3 id="web-tools-title">{t('webTools.title')}</h3>
      <form className="web-search-form" onSubmit={(event) => void save(event)}>
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
        <button type="submit" className="button" data-testid="web-search-save">
          {t('webTools.save')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      <ul className="builtin-tool-list">
        {view.tools.map((tool) => (
          <li key={tool.id} data-testid="builtin-tool" data-tool={tool.id} data-ready={tool.ready ? 'true' : 'false'}>
            <strong>{t(`webTools.tool.${tool.id}` as StringKey)}</strong>{' '}
            <span className={tool.ready ? 'builtin-tool-state ready' : 'builtin-tool-state'}>
              {tool.ready ? t('webTools.ready') : tool.reason}
            </span>{' '}
            <label className="builtin-tool-policy">
              {t('webTools.policy')}
              <select value={tool.policy} onChange={(e) => void setPolicy(tool.id, e.target.value as BuiltinApprovalPolicy)}>
                <option value="ask">{t('webTools.policy.ask')}</option>
                <option value="always">{t('webTools.policy.always')}</option>
              </select>
            </label>
          </li>
        ))}
      </ul>
      <AllowedHosts hosts={view.webSearch.allowedHosts} />
    </section>
  );
}

/** The private hosts fetch_page may read: each with Remove, and a field to add one (main checks and lower-cases it). */
function AllowedHosts({ hosts }: { hosts: readonly string[] }): JSX.Element {
  const t = useT();
  const setFetchAllowedHosts = useAppState((s) => s.setFetchAllowedHosts);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState('');
  const change = async (next: string[]): Promise<boolean> => {
    const result = await setFetchAllowedHosts(next);
    setError(result.ok ? '' : t('webTools.error', { message: result.error.message }));
    return result.ok;
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const host = draft.trim();
    if (!host) return;
    if (await change([...hosts, host])) setDraft('');
  };
  return (
    <div className="web-hosts" data-testid="web-allowed-hosts" role="group" aria-labelledby="web-hosts-title">
      <h4 id="web-hosts-title">{t('webTools.hosts')}</h4>
      <p className="hint">{t('webTools.hostsHint')}</p>
      {hosts.length === 0 ? (
        <p className="hint" data-testid="web-allowed-hosts-none">
          {t('webTools.hostsNone')}
        </p>
      ) : (
        <ul className="web-hosts-list">
          {hosts.map((host) => (
            <li key={host} data-testid="web-allowed-host" data-host={host}>
              <code>{host}</code>
              <button
                type="button"
                className="button"
                data-testid="web-allowed-host-remove"
                aria-label={t('webTools.hostRemove', { host })}
                onClick={() => void change(hosts.filter((h) => h !== host))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="web-hosts-add" onSubmit={(event) => void add(event)}>
        <input
          data-testid="web-allowed-host-input"
          aria-label={t('webTools.hostInput')}
          placeholder="wiki.lan, 192.168.1.20"
          value={draft}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button" data-testid="web-allowed-host-add" disabled={!draft.trim()}>
          {t('webTools.hostAdd')}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
