// Tool argument schemas: a tool declares a zod schema or a plain JSON schema; the model is sent JSON schema
// and arguments are validated with zod. Conversions are cached per schema object, so a request or a tool call
// never re-converts a schema it has seen.
import { z } from 'zod';
import { errorText } from './error-text.js';
import type { AgentTool, LlmToolSpec, ToolParameters } from './types.js';

/** The outcome of checking a tool call's arguments: the parsed arguments, or a message the model can act on. */
export type ArgumentCheck = { ok: true; args: unknown } | { ok: false; message: string };

type Validator = { kind: 'schema'; schema: z.ZodType } | { kind: 'unusable'; reason: string };

const validators = new WeakMap<object, Validator>();
const jsonSchemas = new WeakMap<object, Record<string, unknown>>();

function isZodSchema(parameters: ToolParameters): parameters is z.ZodType {
  return '_zod' in parameters;
}

function validatorFor(parameters: ToolParameters): Validator {
  let validator = validators.get(parameters);
  if (validator) return validator;
  if (isZodSchema(parameters)) {
    validator = { kind: 'schema', schema: parameters };
  } else {
    try {
      validator = { kind: 'schema', schema: z.fromJSONSchema(parameters as Parameters<typeof z.fromJSONSchema>[0]) };
    } catch (error) {
      // Remembered so a broken schema costs one conversion, and every call of that tool gets the same answer.
      validator = { kind: 'unusable', reason: errorText(error) };
    }
  }
  validators.set(parameters, validator);
  return validator;
}

/** The JSON schema the model is given for a tool's arguments (zod schemas converted once, `$schema` omitted). */
export function toolJsonSchema(parameters: ToolParameters): Record<string, unknown> {
  if (!isZodSchema(parameters)) return parameters;
  let schema = jsonSchemas.get(parameters);
  if (!schema) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(parameters) as Record<string, unknown>;
    schema = rest;
    jsonSchemas.set(parameters, schema);
  }
  return schema;
}

/** How a tool is declared to the model. */
export function toLlmToolSpec(tool: AgentTool): LlmToolSpec {
  return { name: tool.name, description: tool.description, parameters: toolJsonSchema(tool.parameters) };
}

/** Checks arguments against the tool's schema; a failure names the tool, the problems and what was received. */
export function validateToolArguments(tool: AgentTool, args: unknown): ArgumentCheck {
  const validator = validatorFor(tool.parameters);
  if (validator.kind === 'unusable') {
    return { ok: false, message: `Tool "${tool.name}" has an unusable parameter schema: ${validator.reason}` };
  }
  const parsed = validator.schema.safeParse(args);
  if (parsed.success) return { ok: true, args: parsed.data };
  return {
    ok: false,
    message:
      `Validation failed for tool "${tool.name}":\n${z.prettifyError(parsed.error)}\n\n` +
      `Received arguments:\n${JSON.stringify(args, null, 2)}`,
  };
}
