// MCP servers in Settings: each server with its state (starting, ready with its tool count, failed with the last
// lines of its stderr), add / edit / remove / enable / restart, import of an mcpServers JSON, start at launch, and the
// always-allowed tools (revocable). Secret values are never shown: the form lists their names and sends new values.
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { launchFields, type McpServerInput, type McpServerView, type McpTransportKind } from '../../../../shared/mcp';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import './mcp-settings.css';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { Field } from '../../ui/Field';

/** How often the list refreshes while Settings is open, so a starting server's state moves on by itself. */
const REFRESH_MS = 1_000;

export function McpSettings(): JSX.Element {
  const t = useT();
  const mcp = useAppState((s) => s.mcp);
  const loadMcp = useAppState((s) => s.loadMcp);
  const setStartAtLaunch = useAppState((s) => s.setMcpStartAtLaunch);
  const [editing, setEditing] = useState<McpServerView | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
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
      <ul className="mcp-list">
        {mcp?.servers.map((server) =>
          editing !== 'new' && editing?.name === server.name ? (
            <li key={server.name}>
              <ServerForm server={server} onCancel={closeEditor} onSaved={closeEditor} />
            </li>
          ) : (
            <ServerRow key={server.name} server={server} onEdit={() => setEditing(server)} run={run} />
          ),
        )}
      </ul>
      {editing === 'new' && <ServerForm onCancel={closeEditor} onSaved={closeEditor} />}
      {importing && <ImportForm onDone={closeImport} />}
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

function ServerRow({
  server,
  onEdit,
  run,
}: {
  server: McpServerView;
  onEdit: () => void;
  run: (work: Promise<{ ok: true } | { ok: false; error: { message: string } }>) => Promise<boolean>;
}): JSX.Element {
  const t = useT();
  const restart = useAppState((s) => s.restartMcpServer);
  const remove = useAppState((s) => s.removeMcpServer);
  const save = useAppState((s) => s.saveMcpServer);
  const revoke = useAppState((s) => s.revokeToolApproval);
  const { state } = server;
  const stateText = state.status === 'ready' ? t('mcp.state.ready', { count: state.toolCount }) : t(`mcp.state.${state.status}`);
  const toggle = (enabled: boolean) => run(save({ ...inputOf(server), previousName: server.name, enabled }));
  return (
    <li className="mcp-server" data-testid="mcp-server" data-server={server.name} data-status={state.status}>
      <div className="mcp-server-head">
        <span className={`mcp-dot mcp-${state.status}`} aria-hidden="true" />
        <strong>{server.name}</strong>
        <span className="mcp-state">{stateText}</span>
        <span className="mcp-where">{server.transport === 'stdio' ? [server.command, ...(server.args ?? [])].join(' ') : server.url}</span>
      </div>
      {state.status === 'error' && (
        <div className="mcp-error" role="status">
          <p>{state.message}</p>
          {state.stderr.length > 0 && <pre>{state.stderr.join('\n')}</pre>}
        </div>
      )}
      {server.alwaysAllow.length > 0 && (
        <div className="mcp-allowed">
          <span>{t('mcp.alwaysAllowed')}:</span>
          {server.alwaysAllow.map((tool) => (
            <span key={tool} className="mcp-chip" data-testid="mcp-always-allowed" data-tool={tool}>
              {tool}
              <button
                type="button"
                className="link-button"
                onClick={() => void run(revoke(server.name, tool))}
                aria-label={`${t('mcp.revoke')} ${tool}`}
              >
                {t('mcp.revoke')}
              </button>
            </span>
          ))}
        </div>
      )}
      <div className="mcp-row-actions">
        <label className="check">
          <input type="checkbox" checked={server.enabled} onChange={(e) => void toggle(e.target.checked)} />
          {t('mcp.enabled')}
        </label>
        <button
          type="button"
          className="button"
          data-testid="mcp-restart"
          disabled={!server.enabled}
          onClick={() => void run(restart(server.name))}
        >
          {t('mcp.restart')}
        </button>
        <button type="button" className="button" onClick={onEdit}>
          {t('mcp.edit')}
        </button>
        <button type="button" className="button danger" onClick={() => void run(remove(server.name))}>
          {t('mcp.remove')}
        </button>
      </div>
    </li>
  );
}

/** The input that saves `server` unchanged (stored secret values kept). */
function inputOf(server: McpServerView): McpServerInput {
  const keep = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, null]));
  return {
    ...launchFields(server),
    env: keep(server.envKeys),
    headers: keep(server.headerKeys),
    enabled: server.enabled,
  };
}

/** `KEY=value` (or `Name: value`) lines → a secret map; a bare `KEY` keeps the stored value. */
function parsePairs(text: string, separator: '=' | ':'): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const at = trimmed.indexOf(separator);
    if (at < 0) out[trimmed] = null;
    else out[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();
  }
  return out;
}

function ServerForm({ server, onCancel, onSaved }: { server?: McpServerView; onCancel: () => void; onSaved: () => void }): JSX.Element {
  const t = useT();
  const id = useId();
  const save = useAppState((s) => s.saveMcpServer);
  const [name, setName] = useState(server?.name ?? '');
  const [transport, setTransport] = useState<McpTransportKind>(server?.transport ?? 'stdio');
  const [command, setCommand] = useState(server?.command ?? '');
  const [args, setArgs] = useState((server?.args ?? []).join('\n'));
  const [cwd, setCwd] = useState(server?.cwd ?? '');
  const [url, setUrl] = useState(server?.url ?? '');
  const [env, setEnv] = useState((server?.envKeys ?? []).join('\n'));
  const [headers, setHeaders] = useState((server?.headerKeys ?? []).join('\n'));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: McpServerInput = {
      ...(server && { previousName: server.name }),
      name: name.trim(),
      transport,
      enabled: server?.enabled ?? true,
      ...(transport === 'stdio'
        ? {
            command: command.trim(),
            args: args
              .split('\n')
              .map((a) => a.trim())
              .filter(Boolean),
            cwd: cwd.trim(),
            env: parsePairs(env, '='),
          }
        : { url: url.trim(), headers: parsePairs(headers, ':') }),
    };
    const result = await save(input);
    if (result.ok) onSaved();
    else setError(result.error.message);
  };

  return (
    <form className="mcp-form" data-testid="mcp-form" onSubmit={(e) => void submit(e)}>
      <div className="field-pair">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('mcp.name')}</label>
          <input
            id={`${id}-name`}
            data-testid="mcp-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={32}
            pattern="[A-Za-z0-9_\-]+"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-transport`}>{t('mcp.transport')}</label>
          <select id={`${id}-transport`} value={transport} onChange={(e) => setTransport(e.target.value as McpTransportKind)}>
            <option value="stdio">{t('mcp.transport.stdio')}</option>
            <option value="http">{t('mcp.transport.http')}</option>
          </select>
        </div>
      </div>
      {transport === 'stdio' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-command`}>{t('mcp.command')}</label>
            <input
              id={`${id}-command`}
              data-testid="mcp-command"
              value={command}
              onChange={(e) => setCommand(e.target.value)}
              required
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-args`}>{t('mcp.args')}</label>
            <textarea
              id={`${id}-args`}
              data-testid="mcp-args"
              rows={3}
              value={args}
              onChange={(e) => setArgs(e.target.value)}
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-cwd`}>{t('mcp.cwd')}</label>
            <input id={`${id}-cwd`} data-testid="mcp-cwd" value={cwd} onChange={(e) => setCwd(e.target.value)} spellCheck={false} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-env`}>{t('mcp.env')}</label>
            <textarea
              id={`${id}-env`}
              data-testid="mcp-env"
              rows={2}
              value={env}
              onChange={(e) => setEnv(e.target.value)}
              spellCheck={false}
              aria-describedby={`${id}-secret`}
            />
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-url`}>{t('mcp.url')}</label>
            <input id={`${id}-url`} type="url" value={url} onChange={(e) => setUrl(e.target.value)} required spellCheck={false} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-headers`}>{t('mcp.headers')}</label>
            <textarea
              id={`${id}-headers`}
              rows={2}
              value={headers}
              onChange={(e) => setHeaders(e.target.value)}
              spellCheck={false}
              aria-describedby={`${id}-secret`}
            />
          </div>
        </>
      )}
      {server && (
        <p id={`${id}-secret`} className="hint">
          {t('mcp.secretKept')}
        </p>
      )}
      <FormError>{error}</FormError>
      <DialogActions className="mcp-actions" onCancel={onCancel} confirm={t('mcp.save')} testId="mcp-save" />
    </form>
  );
}

function ImportForm({ onDone }: { onDone: () => void }): JSX.Element {
  const t = useT();
  const importConfig = useAppState((s) => s.importMcpConfig);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await importConfig(text);
    if (result.ok) onDone();
    else setError(result.error.message);
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
        onCancel={onDone}
        confirm={t('mcp.importApply')}
        testId="mcp-import-apply"
        disabled={!text.trim()}
      />
    </form>
  );
}
