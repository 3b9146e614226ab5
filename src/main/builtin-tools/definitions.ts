// THE list of built-in tools: each capability exports a BuiltinToolDefinition factory and is added here by one line.
// Settings, the tool picker and runs all read this list through the registry (registry.ts); nothing else names a tool.
import { knowledgeToolDefinition, type KnowledgeToolDeps } from './knowledge/index.js';
import { createRunPythonDefinition } from './python/run-python.js';
import type { PythonRunner } from './python/python-runner.js';
import type { BuiltinToolDefinition } from './types.js';
import { fetchPageDefinition, webSearchDefinition, type WebToolDeps } from './web/web-tools.js';

/** What the definitions are made from; each capability adds the dependencies it needs. */
export interface BuiltinToolDeps {
  web: WebToolDeps;
  /** One runner for the app (absent: the definition makes its own). */
  python?: PythonRunner;
  /** The knowledge bases (absent: search_knowledge is listed as not ready and never offered). */
  knowledge?: KnowledgeToolDeps;
}

const NO_KNOWLEDGE: KnowledgeToolDeps = { basesFor: () => [], retrieve: async () => [], anyBases: () => false };

export function builtinToolDefinitions(deps: BuiltinToolDeps): BuiltinToolDefinition[] {
  return [
    webSearchDefinition(deps.web),
    fetchPageDefinition(deps.web),
    createRunPythonDefinition(deps.python),
    knowledgeToolDefinition(deps.knowledge ?? NO_KNOWLEDGE),
  ];
}
