// What a tool's declared traits mean here, pure. A tool that may change something runs alone on its server: two
// writes at once can lose one (server-memory's create_relations beside add_observations). Only a tool that says it
// is read-only (`annotations.readOnlyHint: true`) may run beside others. A tool that runs only as an MCP task
// (`execution.taskSupport: "required"`) is not offered to the model: the SDK refuses a plain call to it.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** Whether a call of `tool` waits for the server's other calls to end, and they for it. */
export function runsAlone(tool: Pick<Tool, 'annotations'> | undefined): boolean {
  return tool?.annotations?.readOnlyHint !== true;
}

/** Whether the model is offered `tool`. */
export function offered(tool: Pick<Tool, 'execution'>): boolean {
  return tool.execution?.taskSupport !== 'required';
}
