// MCP servers in Settings: each server (McpServerRow), add / edit (McpServerForm), import of an mcpServers JSON, and
// start at launch. Changes to a server's row save at once, like the rest of Settings; the add, edit and import forms
// save with their own button. A server added or imported is started then and there, and shows its tools.
import { useEffect, useRef, useState, type FormEvent, type JSX } from 'react';
import { MAX_TOOLS_PER_REQUEST, toolsOn, type McpServerView } from '../../../../shared/mcp';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import './mcp-settings.css';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { Field } from '../../ui/Field';
import { useUnsavedDraft } from './leaveGuard';
import { McpServerForm } from './McpServerForm';
import { McpServerRow } from './McpServerRow';

/** How often the list refreshes while Settings is open, so a starting server's state moves on by itself. */
const REFRESH_MS = 1_000;

export function McpSettings(): JSX.Element {
  const t = useT();
  const mcp = useAppState((s) => s.mcp);
  const loadMcp = useAppState((s) => s.loadMcp);
  const setStartAtLaunch = useAppState((s) => s.setMcpStartAtLaunch);
  const [editing, setEditing] = useState<McpServerView | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  /** Servers added or imported while Settings is open: their tool lists show open. */
  const [added, setAdded] = useState<readonly string[]>([]);
  const [error, setError] = useState<string | null>(null);
  // A closed form takes focus with it; it goes back to the button that opened it (Escape keeps closing the dialog).
  const addButton = useRef<HTMLButtonElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  const closeEditor = () => {
    setEditing(null);
    setTimeout(() => addButton.current?.focus());
  };
  const closeImport = () => {
    setImporting(false);
    setTimeout(() => importButton.current?.focus());
  };

  useEffect(() => {
    void loadMcp();
    const timer = setInterval(() => void loadMcp(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [loadMcp]);

  const allOn = (mcp?.servers ?? []).filter((server) => server.enabled).reduce((sum, server) => sum + toolsOn(server).length, 0);

  const run = async (work: Promise<{ ok: true } | { ok: false; error: { message: string } }>): Promise<boolean> => {
    const result = await work;
    setError(result.ok ? null : result.error.message);
    return result.ok;
  };

  return (
    <section className="mcp-settings" data-testid="settings-mcp" aria-labelledby="mcp-title">
      <h3 id="mcp-title">{t('mcp.title')}</h3>
      <p className="hint">{t('mcp.intro')}</p>
      <FormError>{mcp?.configError && t('mcp.configError', { message: mcp.configError })}</FormError>
      {mcp && !mcp.secretsEncrypted && <p className="hint">{t('mcp.noEncryption')}</p>}
      {mcp && mcp.servers.length === 0 && <p className="hint">{t('mcp.none')}</p>}
      {allOn > MAX_TOOLS_PER_REQUEST && (
        <p className="mcp-tool-cap" role="status" data-testid="mcp-tool-cap-all">
          {t('mcp.toolsCapAll', { on: allOn, max: MAX_TOOLS_PER_REQUEST })}
        </p>
      )}
      <ul className="mcp-list">
        {mcp?.servers.map((server) =>
          editing !== 'new' && editing?.name === server.name ? (
            <li key={server.name}>
              <McpServerForm server={server} onCancel={closeEditor} onSaved={closeEditor} />
            </li>
          ) : (
            <McpServerRow
              key={server.name}
              server={server}
              toolsOpen={added.includes(server.name)}
              onEdit={() => setEditing(server)}
              run={run}
            />
          ),
        )}
      </ul>
      {editing === 'new' && (
        <McpServerForm
          onCancel={closeEditor}
          onSaved={(name) => {
            setAdded((names) => [...names, name]);
            closeEditor();
          }}
        />
      )}
      {importing && (
        <ImportForm
          onCancel={closeImport}
          onImported={(names) => {
            setAdded((before) => [...before, ...names]);
            closeImport();
          }}
        />
      )}
      <FormError>{error}</FormError>
      <div className="mcp-actions">
        <button
          ref={addButton}
          type="button"
          className="button"
          data-testid="mcp-add"
          onClick={() => setEditing('new')}
          disabled={editing !== null}
        >
          {t('mcp.add')}
        </button>
        <button
          ref={importButton}
          type="button"
          className="button"
          data-testid="mcp-import"
          onClick={() => setImporting(true)}
          disabled={importing}
        >
          {t('mcp.import')}
        </button>
      </div>
      <label className="check">
        <input type="checkbox" checked={mcp?.startAtLaunch ?? false} onChange={(e) => void run(setStartAtLaunch(e.target.checked))} />
        {t('mcp.startAtLaunch')}
      </label>
    </section>
  );
}

function ImportForm({ onCancel, onImported }: { onCancel: () => void; onImported: (names: string[]) => void }): JSX.Element {
  const t = useT();
  const importConfig = useAppState((s) => s.importMcpConfig);
  const before = useAppState((s) => s.mcp?.servers);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useUnsavedDraft(t('mcp.import'), text.trim() !== '' && !sending);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const known = new Set((before ?? []).map((server) => server.name));
    setSending(true);
    const result = await importConfig(text);
    if (result.ok) return onImported(result.value.servers.map((server) => server.name).filter((name) => !known.has(name)));
    setSending(false);
    setError(result.error.message);
  };
  return (
    <form className="mcp-form" onSubmit={(e) => void submit(e)}>
      <Field label={t('mcp.import')} hint={t('mcp.importHint')}>
        {(control) => (
          <textarea
            {...control}
            data-testid="mcp-import-text"
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            placeholder={'{ "mcpServers": { "name": { "command": "npx", "args": ["-y", "…"] } } }'}
          />
        )}
      </Field>
      <FormError testId="mcp-import-error">{error}</FormError>
      <DialogActions
        className="mcp-actions"
        onCancel={onCancel}
        confirm={t('mcp.importApply')}
        testId="mcp-import-apply"
        disabled={!text.trim()}
      />
    </form>
  );
}
