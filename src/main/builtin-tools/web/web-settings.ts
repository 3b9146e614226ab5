// The web tools' settings, in their own file in the data folder (`web-tools.json`): the chosen search engine, its URL,
// its key — encrypted with the same SecretBox as provider keys and bound to the origin it was entered for, so it is
// never sent anywhere else — and the hosts the person allowed fetch_page to read although they are private.
import fs from 'node:fs/promises';
import { originOf } from '../../../shared/settings.js';
import {
  WEB_SEARCH_DEFAULT_URLS,
  WEB_SEARCH_ENGINES,
  type WebSearchEngine,
  type WebSearchSettingsView,
} from '../../../shared/web-tools.js';
import type { SecretBox } from '../../settings/secret-box.js';
import { writeFileAtomic } from '../../storage/atomic-file.js';
import { ENGINE_NEEDS_KEY } from './search-engines.js';

interface StoredWebSettings {
  version: 1;
  engine: WebSearchEngine | 'none';
  url: string;
  encryptedKey?: string;
  keyOrigin?: string;
  allowedHosts: string[];
}

/** A change from Settings: `apiKey` undefined keeps the key, null removes it. */
export interface WebSearchSettingsInput {
  engine: WebSearchEngine | 'none';
  url: string;
  apiKey?: string | null;
  allowedHosts?: string[];
}

const EMPTY: StoredWebSettings = { version: 1, engine: 'none', url: '', allowedHosts: [] };

export class WebToolSettings {
  private stored: StoredWebSettings = { ...EMPTY, allowedHosts: [] };
  /** The decrypted key and its origin (memory only); also the only copy when the OS cannot encrypt. */
  private key: { key: string; origin: string } | undefined;

  constructor(
    private readonly file: string,
    private readonly secrets: SecretBox,
  ) {}

  async load(): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(await fs.readFile(this.file, 'utf8'));
    } catch {
      return;
    }
    const r = raw as Partial<StoredWebSettings>;
    const engine = WEB_SEARCH_ENGINES.includes(r.engine as WebSearchEngine) ? (r.engine as WebSearchEngine) : 'none';
    this.stored = {
      version: 1,
      engine,
      url: typeof r.url === 'string' ? r.url : '',
      allowedHosts: Array.isArray(r.allowedHosts) ? r.allowedHosts.filter((h): h is string => typeof h === 'string') : [],
      ...(typeof r.encryptedKey === 'string' && typeof r.keyOrigin === 'string'
        ? { encryptedKey: r.encryptedKey, keyOrigin: r.keyOrigin }
        : {}),
    };
    if (this.stored.encryptedKey && this.stored.keyOrigin) {
      try {
        const { result } = await this.secrets.decryptStringAsync(Buffer.from(this.stored.encryptedKey, 'base64'));
        this.key = { key: result, origin: this.stored.keyOrigin };
      } catch {
        this.key = undefined;
      }
    }
  }

  view(): WebSearchSettingsView {
    return {
      engine: this.stored.engine,
      url: this.stored.url,
      hasKey: this.keyForUrl() !== undefined,
      allowedHosts: [...this.stored.allowedHosts],
    };
  }

  async update(input: WebSearchSettingsInput): Promise<WebSearchSettingsView> {
    const url = input.url.trim() || (input.engine === 'none' ? '' : WEB_SEARCH_DEFAULT_URLS[input.engine]);
    if (url && !originOf(url)) throw new Error('url must be an http(s) URL');
    const next: StoredWebSettings = {
      ...this.stored,
      engine: input.engine,
      url,
      allowedHosts: input.allowedHosts ?? this.stored.allowedHosts,
    };
    const origin = originOf(url);
    if (typeof input.apiKey === 'string' && input.apiKey.trim() && origin) {
      const key = input.apiKey.trim();
      this.key = { key, origin };
      delete next.encryptedKey;
      delete next.keyOrigin;
      if (await this.secrets.isAsyncEncryptionAvailable()) {
        next.encryptedKey = (await this.secrets.encryptStringAsync(key)).toString('base64');
        next.keyOrigin = origin;
      }
    } else if (input.apiKey === null) {
      this.key = undefined;
      delete next.encryptedKey;
      delete next.keyOrigin;
    }
    this.stored = next;
    await writeFileAtomic(this.file, `${JSON.stringify(this.stored, null, 2)}\n`);
    return this.view();
  }

  /** Replaces the allowed hosts, keeping engine, URL and key. */
  async setAllowedHosts(hosts: readonly string[]): Promise<WebSearchSettingsView> {
    this.stored = { ...this.stored, allowedHosts: [...new Set(hosts)] };
    await writeFileAtomic(this.file, `${JSON.stringify(this.stored, null, 2)}\n`);
    return this.view();
  }

  /** The key to send to the current URL: only when that URL has the origin the key was entered for. */
  keyForUrl(): string | undefined {
    const origin = originOf(this.stored.url);
    return this.key && origin && this.key.origin === origin ? this.key.key : undefined;
  }

  engine(): WebSearchEngine | 'none' {
    return this.stored.engine;
  }

  url(): string {
    return this.stored.url;
  }

  allowedHosts(): readonly string[] {
    return this.stored.allowedHosts;
  }

  /** Why web_search cannot run now, or undefined when it can. */
  notReadyReason(): 'no-engine' | 'no-url' | 'no-key' | undefined {
    const engine = this.stored.engine;
    if (engine === 'none') return 'no-engine';
    if (!this.stored.url) return 'no-url';
    if (ENGINE_NEEDS_KEY[engine] && !this.keyForUrl()) return 'no-key';
    return undefined;
  }
}
