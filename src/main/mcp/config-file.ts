// mcp.json on disk: read (secrets decrypted), and changed by read-modify-write. The person may edit the file by hand
// while the app runs, so every change first reads the file again and applies itself to what is there: a server
// added by hand survives the next change made in Settings. Changes run one after another, each on the last one's result.
import { AppError } from '../../shared/errors.js';
import type { SecretBox } from '../settings/secret-box.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';
import { ENCRYPTED_PREFIX, EMPTY_MCP_CONFIG, mapSecrets, parseMcpConfig, serializeMcpConfig, type McpConfig } from './config.js';
import type { McpStrings } from './strings.js';

export interface McpConfigFileOptions {
  secrets: SecretBox;
  /** False when the OS offers no encryption: secret values are then never written. */
  encryptionAvailable: boolean;
  strings: () => McpStrings;
  log?: (message: string) => void;
}

export class McpConfigFile {
  config: McpConfig = EMPTY_MCP_CONFIG;
  /** Set while the file cannot be read or parsed: nothing is written until it is fixed. */
  error: string | undefined;
  /** The text last read or written: the same text again needs no parse (and keeps secrets held for this run only). */
  private seen: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly options: McpConfigFileOptions,
  ) {}

  /** Reads the file again if it changed since it was last read or written. Never throws. */
  async load(): Promise<void> {
    let text: string | undefined;
    try {
      text = await readFileIfExists(this.path);
    } catch (error) {
      this.error = this.options.strings().fileNotRead(error instanceof Error ? error.message : String(error));
      return;
    }
    // A missing file (never written, or deleted by hand) leaves what is in memory: the next change writes it.
    if (text === undefined || text === this.seen) {
      this.error = undefined;
      return;
    }
    const parsed = parseMcpConfig(text, this.options.strings());
    if (!parsed.ok) {
      this.error = parsed.message;
      return;
    }
    this.error = undefined;
    this.seen = text;
    const loaded = await mapSecrets(parsed.config, (value) => this.decrypt(value));
    this.config = this.options.encryptionAvailable ? loaded : keepUnwrittenSecrets(loaded, this.config);
  }

  /**
   * Applies `change` to the file as it is now and writes the result; resolves with the configs before and after.
   * `change` may throw (an AppError for the person) and then nothing is written.
   */
  update(change: (config: McpConfig) => McpConfig): Promise<{ before: McpConfig; after: McpConfig }> {
    const run = this.queue.then(async () => {
      await this.load();
      if (this.error) throw new AppError('invalid_input', this.options.strings().fileLeftAsIs(this.error));
      const before = this.config;
      const after = change(before);
      const text = serializeMcpConfig(await mapSecrets(after, (value) => this.encrypt(value)));
      try {
        await writeFileAtomic(this.path, text);
      } catch (error) {
        throw new AppError('storage', this.options.strings().fileNotSaved(error instanceof Error ? error.message : String(error)));
      }
      this.seen = text;
      this.config = after;
      return { before, after };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves when every change asked for so far has been written (or has failed). */
  flush(): Promise<unknown> {
    return this.queue;
  }

  private async encrypt(value: string): Promise<string | undefined> {
    if (!this.options.encryptionAvailable) return undefined;
    return ENCRYPTED_PREFIX + (await this.options.secrets.encryptStringAsync(value)).toString('base64');
  }

  private async decrypt(value: string): Promise<string | undefined> {
    if (!value.startsWith(ENCRYPTED_PREFIX)) return value;
    if (!this.options.encryptionAvailable) return undefined;
    try {
      return (await this.options.secrets.decryptStringAsync(Buffer.from(value.slice(ENCRYPTED_PREFIX.length), 'base64'))).result;
    } catch {
      this.options.log?.('An MCP secret could not be decrypted; enter it again in Settings.');
      return undefined;
    }
  }
}

/** Without encryption secrets are never written: a file read again lacks them, so the ones held in memory stay. */
function keepUnwrittenSecrets(loaded: McpConfig, held: McpConfig): McpConfig {
  const heldByName = new Map(held.servers.map((s) => [s.name, s]));
  return {
    ...loaded,
    servers: loaded.servers.map((server) => {
      const before = heldByName.get(server.name);
      if (!before) return server;
      return { ...server, env: { ...before.env, ...server.env }, headers: { ...before.headers, ...server.headers } };
    }),
  };
}
