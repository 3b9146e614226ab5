// Main's logger. Every line passes through redaction, so an API key can never reach a log even when an error
// message or a stack somewhere includes it.

export interface Logger {
  info(message: string): void;
  error(context: string, error?: unknown): void;
}

const KEY_LIKE = /\b(sk|rk|pk)-[A-Za-z0-9_-]{8,}/g;
const BEARER = /(Bearer\s+)[^\s"']+/gi;

/** Removes `secrets` (exact values) and anything shaped like an API key or bearer token from `text`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out.replace(KEY_LIKE, '[redacted]').replace(BEARER, '$1[redacted]');
}

/** A logger writing redacted lines to `write` (default: stderr). `secrets` is read at each call, so new keys are covered. */
export function createLogger(
  secrets: () => readonly string[],
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const describe = (error: unknown) =>
    error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}` : String(error);
  return {
    info: (message) => write(redact(`[tiny-agent] ${message}`, secrets())),
    error: (context, error) => write(redact(`[tiny-agent] ${context}${error === undefined ? '' : `: ${describe(error)}`}`, secrets())),
  };
}
