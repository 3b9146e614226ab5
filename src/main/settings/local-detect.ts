// Finds model servers running on this computer: Ollama (port 11434) and LM Studio (port 1234), asked for their model
// list on the loopback address only — no other host is ever contacted — with a short timeout, all at once.
import type { LocalPresetId, LocalServer } from '../../shared/first-run.js';
import { listModelsAsListed } from '../llm/index.js';

/** The port each local server listens on by default. */
export const LOCAL_SERVER_PORTS: Readonly<Record<LocalPresetId, number>> = { ollama: 11434, lmstudio: 1234 };

/** Long enough for a busy local server to list its models, short enough that the welcome panel never waits long. */
export const LOCAL_DETECT_TIMEOUT_MS = 1_500;

export interface LocalDetectOptions {
  /** Where to look (tests point a preset at a fake server on a free port). */
  ports?: Partial<Record<LocalPresetId, number>>;
  timeoutMs?: number;
}

/**
 * The servers that answered with an OpenAI-style model list, in preset order, each with its models in the server's
 * own order; a silent or foreign port is left out.
 */
export async function detectLocalServers(options: LocalDetectOptions = {}): Promise<LocalServer[]> {
  const ports = { ...LOCAL_SERVER_PORTS, ...options.ports };
  const timeoutMs = options.timeoutMs ?? LOCAL_DETECT_TIMEOUT_MS;
  const probes = (Object.keys(ports) as LocalPresetId[]).map(async (presetId): Promise<LocalServer | undefined> => {
    const baseUrl = `http://127.0.0.1:${ports[presetId]}/v1`;
    try {
      return { presetId, baseUrl, models: await listModelsAsListed({ baseUrl, timeoutMs }) };
    } catch {
      return undefined;
    }
  });
  return (await Promise.all(probes)).filter((server): server is LocalServer => server !== undefined);
}
