// One choice delta → the pieces it carries, in the order a person should see them. The wire formats this reads:
// - reasoning as a string under `reasoning_content` (DeepSeek, Qwen, vLLM) or `reasoning` (OpenRouter, Groq, Ollama);
//   several servers send the same text under both names, so only the first non-empty one counts;
// - `reasoning_details` (OpenRouter, MiniMax): `reasoning.text` / `reasoning.summary` entries, `reasoning.encrypted`
//   ignored; read only when no reasoning string is present, because OpenRouter sends the same text in both;
// - `content` as a string, or as an array of parts (Mistral / Magistral): `{type:"thinking", thinking:[{type:"text",
//   text}]}` and `{type:"text", text}`, mapped in order — one chunk may carry both;
// - `refusal` (OpenAI): the model declined; its words are the answer.
// Content strings still pass through the `<think>` splitter in the builder; thinking pieces do not.

/** `content`: answer text that may still hold `<think>` blocks; `thinking`: reasoning (with the field it came in). */
export type DeltaPiece =
  { kind: 'content'; text: string } | { kind: 'thinking'; text: string; field: string } | { kind: 'refusal'; text: string };

const REASONING_FIELDS = ['reasoning_content', 'reasoning'] as const;

/** The pieces of one delta, in order: reasoning, content, refusal. Pure; unknown shapes give nothing. */
export function deltaPieces(delta: Record<string, unknown>): DeltaPiece[] {
  const out: DeltaPiece[] = [];
  const reasoning = reasoningString(delta) ?? reasoningDetails(delta.reasoning_details);
  if (reasoning) out.push({ kind: 'thinking', ...reasoning });
  const content = delta.content;
  if (typeof content === 'string') {
    if (content !== '') out.push({ kind: 'content', text: content });
  } else if (Array.isArray(content)) {
    for (const part of content) out.push(...contentPart(part));
  }
  if (typeof delta.refusal === 'string' && delta.refusal !== '') out.push({ kind: 'refusal', text: delta.refusal });
  return out;
}

function reasoningString(delta: Record<string, unknown>): { text: string; field: string } | undefined {
  for (const field of REASONING_FIELDS) {
    const value = delta[field];
    if (typeof value === 'string' && value !== '') return { text: value, field };
  }
  return undefined;
}

function reasoningDetails(details: unknown): { text: string; field: string } | undefined {
  if (!Array.isArray(details)) return undefined;
  let text = '';
  for (const entry of details) {
    if (!entry || typeof entry !== 'object') continue;
    const { type, text: body, summary } = entry as { type?: unknown; text?: unknown; summary?: unknown };
    if (type === 'reasoning.text' && typeof body === 'string') text += body;
    else if (type === 'reasoning.summary' && typeof summary === 'string') text += summary;
  }
  return text === '' ? undefined : { text, field: 'reasoning_details' };
}

function contentPart(part: unknown): DeltaPiece[] {
  if (typeof part === 'string') return part === '' ? [] : [{ kind: 'content', text: part }];
  if (!part || typeof part !== 'object') return [];
  const { type, text, thinking } = part as { type?: unknown; text?: unknown; thinking?: unknown };
  if (type === 'text' && typeof text === 'string' && text !== '') return [{ kind: 'content', text }];
  if (type === 'thinking') {
    const body = typeof thinking === 'string' ? thinking : Array.isArray(thinking) ? thinking.map(partText).join('') : '';
    return body === '' ? [] : [{ kind: 'thinking', text: body, field: 'content' }];
  }
  return [];
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  const text = (part as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}
