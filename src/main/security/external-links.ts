// Which URLs may leave the app for the system browser or mail client: http, https and mailto only.

/** True for well-formed http(s) URLs with a host, and mailto: URLs. Everything else (javascript:, file:, data:, custom schemes) is refused. */
export function isSafeExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  if (parsed.protocol === 'mailto:') return parsed.pathname.length > 0;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
}
