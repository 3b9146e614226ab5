// The form that adds or edits one MCP server: name, how it is reached (a command over stdio, or a URL), its arguments,
// folder, environment values or headers (secret: their names are shown, new values sent write-only). A draft until
// Save; a new server is started on Save, so its row shows at once whether it works and which tools it brings.
import { useId, useState, type FormEvent, type JSX } from 'react';
import { launchFields, type McpServerInput, type McpServerView, type McpTransportKind } from '../../../../shared/mcp';
import { useT } from '../../i18n';
import { useAppState } from '../../store/appState';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { useUnsavedDraft } from './leaveGuard';

/** The input that saves `server` unchanged (stored secret values kept). */
export function inputOf(server: McpServerView): McpServerInput {
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

export function McpServerForm({
  server,
  onCancel,
  onSaved,
}: {
  server?: McpServerView;
  onCancel: () => void;
  onSaved: (name: string) => void;
}): JSX.Element {
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
  /** Save was pressed and main has not answered: leaving then is not leaving a draft. */
  const [sending, setSending] = useState(false);
  const [initial] = useState(() => JSON.stringify([name, transport, command, args, cwd, url, env, headers]));
  useUnsavedDraft(
    server ? t('mcp.editTitle', { name: server.name }) : t('mcp.add'),
    JSON.stringify([name, transport, command, args, cwd, url, env, headers]) !== initial && !sending,
  );

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
    setSending(true);
    const result = await save(input);
    if (result.ok) return onSaved(input.name);
    setSending(false);
    setError(result.error.message);
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
      <DialogActions
        className="mcp-actions"
        onCancel={onCancel}
        confirm={server ? t('mcp.save') : t('mcp.addAndStart')}
        testId="mcp-save"
      />
    </form>
  );
}
