// The built-in tools as the app uses them: the web settings (web-tools.json, key sealed by the SecretBox), one page
// reader and one Python runner for the whole app, the tool-wide approval policies (builtin-tools.json), and the
// registry over the definitions. app-core routes Settings' IPC here and adds `toolsFor` to each run's tools.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BuiltinApprovalPolicy, BuiltinToolsView } from '../../shared/builtin-tools.js';
import type { Locale } from '../../shared/settings.js';
import type { AgentTool } from '../agent/types.js';
import type { ToolCallHooks } from '../mcp/tool-adapter.js';
import type { SecretBox } from '../settings/secret-box.js';
import { writeFileAtomic } from '../storage/atomic-file.js';
import { ChatLineApprovals, type ChatLines } from './chat-approvals.js';
import { builtinToolDefinitions } from './definitions.js';
import { PythonRunner } from './python/python-runner.js';
import { BuiltinToolRegistry } from './registry.js';
import { PageReader } from './web/page-reader.js';
import { WebToolSettings, type WebSearchSettingsInput } from './web/web-settings.js';
import type { WebToolDeps } from './web/web-tools.js';
import type { KnowledgeToolDeps } from './knowledge/index.js';

export interface BuiltinToolsServiceOptions {
  dataDir: string;
  secrets: SecretBox;
  chatLines: ChatLines;
  language: () => Locale;
  /** The knowledge bases search_knowledge searches (the chat's choice). */
  knowledge?: KnowledgeToolDeps;
  /** Tests: a resolver that sends a name to loopback, or the fetch limits. */
  web?: Pick<WebToolDeps, 'resolver' | 'fetchFn' | 'limits'>;
}

const POLICIES_FILE = 'builtin-tools.json';

/** Reading the knowledge bases the person chose for the chat needs no further yes; every other tool asks first. */
const defaultPolicy = (tool: string): BuiltinApprovalPolicy => (tool === 'search_knowledge' ? 'always' : 'ask');

export class BuiltinToolsService {
  private policies: Record<string, BuiltinApprovalPolicy> = {};

  private constructor(
    private readonly options: BuiltinToolsServiceOptions,
    readonly settings: WebToolSettings,
    private readonly reader: PageReader,
    private readonly python: PythonRunner,
    readonly registry: BuiltinToolRegistry,
  ) {}

  static async open(options: BuiltinToolsServiceOptions): Promise<BuiltinToolsService> {
    const settings = new WebToolSettings(path.join(options.dataDir, 'web-tools.json'), options.secrets);
    await settings.load();
    const reader = new PageReader();
    const python = new PythonRunner();
    let service: BuiltinToolsService | undefined;
    const registry = new BuiltinToolRegistry(
      builtinToolDefinitions({
        web: { settings, reader, ...options.web },
        python,
        ...(options.knowledge && { knowledge: options.knowledge }),
      }),
      new ChatLineApprovals(options.chatLines),
      { policy: (tool) => service?.policies[tool] ?? defaultPolicy(tool) },
    );
    service = new BuiltinToolsService(options, settings, reader, python, registry);
    await service.loadPolicies();
    return service;
  }

  view(): BuiltinToolsView {
    return { tools: this.registry.list(this.options.language()), webSearch: this.settings.view() };
  }

  async setWebSearch(input: WebSearchSettingsInput): Promise<BuiltinToolsView> {
    await this.settings.update(input);
    return this.view();
  }

  async setPolicy(tool: string, policy: BuiltinApprovalPolicy): Promise<BuiltinToolsView> {
    if (!this.registry.ids().includes(tool)) return this.view();
    this.policies = { ...this.policies, [tool]: policy };
    await writeFileAtomic(
      path.join(this.options.dataDir, POLICIES_FILE),
      `${JSON.stringify({ version: 1, policies: this.policies }, null, 2)}\n`,
    );
    return this.view();
  }

  /**
   * The built-in tools of one run: the chat's chosen ones, plus web_search when the person asked for it this once;
   * search_knowledge exactly when the chat uses a knowledge base (`knowledge`).
   */
  toolsFor(
    chosen: readonly string[] | undefined,
    hooks: ToolCallHooks,
    run: { sessionId: string; webSearch?: boolean; knowledge?: boolean },
  ): AgentTool[] {
    const ids = new Set(chosen ?? []);
    if (run.webSearch) ids.add('web_search');
    if (run.knowledge) ids.add('search_knowledge');
    else ids.delete('search_knowledge');
    if (ids.size === 0) return [];
    return this.registry.tools([...ids], { sessionId: run.sessionId, language: this.options.language() }, hooks);
  }

  async dispose(): Promise<void> {
    await Promise.allSettled([this.reader.close(), this.python.dispose()]);
  }

  private async loadPolicies(): Promise<void> {
    try {
      const raw = JSON.parse(await fs.readFile(path.join(this.options.dataDir, POLICIES_FILE), 'utf8')) as {
        policies?: Record<string, unknown>;
      };
      for (const [tool, policy] of Object.entries(raw.policies ?? {}))
        if (policy === 'ask' || policy === 'always') this.policies[tool] = policy;
    } catch {
      // No file yet (or an unreadable one): every tool asks.
    }
  }
}
