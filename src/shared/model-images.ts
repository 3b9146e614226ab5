// Whether a model takes pictures as input. The person says so per model in the provider's editor; until they do, the
// model's id decides: families known to read images say yes, every other model no. Guessing no is the safe side: a
// model that gets a note instead of a picture still answers, a text-only model sent a picture refuses the request.

/** Model families that read images, matched against the id's last segment (`openai/gpt-4o` → `gpt-4o`), lowercased. */
const READS_IMAGES: readonly RegExp[] = [
  /^(chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo|gpt-4-vision|gpt-5)/,
  /^(o1(?!-mini|-preview)|o3(?!-mini)|o4)/,
  /^(claude|gemini|gemma-?3|llama-?4|grok-4|pixtral|llava|bakllava|moondream|minicpm-v|internvl|qvq)/,
  /vision|omni|(^|[-_.])vl([-_.]|$)|glm-4(\.\d+)?v|step-\d+v/,
];

/** The guess for a model the person has not set: true for ids of families known to read images. */
export function guessTakesImages(modelId: string): boolean {
  const id = (modelId.split('/').pop() ?? modelId).trim().toLowerCase();
  return READS_IMAGES.some((pattern) => pattern.test(id));
}

/** Whether `modelId` takes images: the person's setting for it when there is one, else the guess. */
export function takesImages(modelId: string, setting: Readonly<Record<string, boolean>> | undefined): boolean {
  const chosen = setting && Object.hasOwn(setting, modelId) ? setting[modelId] : undefined;
  return typeof chosen === 'boolean' ? chosen : guessTakesImages(modelId);
}
