// The renderer's Content-Security-Policy: no remote anything, no inline or eval'd script. Inline styles are
// allowed because React and the virtualized lists position rows with style attributes; model HTML never carries
// styles (the sanitizer strips them).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Attached images are shown from blob: URLs our own components create from bytes main hands over; model HTML
  // never carries <img> (the sanitizer forbids it), and data: URLs are not needed by anything.
  "img-src 'self' blob:",
  "font-src 'self'",
  // The live preview frame loads the app's own preview shell (public/preview.html), sandboxed without
  // allow-same-origin and under its own no-network CSP. A srcdoc/blob:/data: frame would inherit this page's policy,
  // whose script-src refuses the inline scripts a preview runs; nothing else here makes frames (the sanitizer forbids
  // <iframe> in model HTML), and every navigation of the frame is held to 'self'.
  "frame-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
