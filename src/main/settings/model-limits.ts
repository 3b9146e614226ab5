// Context windows of well-known models, so the context policy can budget tokens. Unknown models get a
// conservative default: sending too little history is recoverable, an over-long request is a hard error.
const KNOWN: Array<[RegExp, number]> = [
  [/moonshot-v1-8k/, 8_192],
  [/moonshot-v1-32k/, 32_768],
  [/moonshot-v1-128k|kimi/, 131_072],
  [/gpt-4\.1|gpt-5/, 1_000_000],
  [/gpt-4o|gpt-4-turbo|o1|o3|o4/, 128_000],
  [/deepseek/, 65_536],
  [/qwen-long/, 1_000_000],
  [/qwen/, 131_072],
  [/claude/, 200_000],
  [/gemini/, 1_000_000],
  [/llama-?3/, 131_072],
];

export const DEFAULT_CONTEXT_WINDOW = 32_768;

/** The context window of `modelId` in tokens (a conservative default for unknown models). */
export function contextWindowOf(modelId: string): number {
  const id = modelId.toLowerCase();
  return KNOWN.find(([pattern]) => pattern.test(id))?.[1] ?? DEFAULT_CONTEXT_WINDOW;
}
