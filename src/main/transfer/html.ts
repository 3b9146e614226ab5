// One chat as a standalone web page: inline CSS, no scripts, and a Content-Security-Policy that forbids them anyway.
//
// Sanitizing by construction rather than by cleaning: model and user text is rendered with `marked`, whose output
// is only its own tags, and every piece of raw HTML in the text (block or inline) is escaped and shown as text, so
// no element or attribute from a message ever reaches the page. Links keep only http(s)/mailto destinations (the
// app's one link rule); images from the web are not loaded (a file that phones home when opened is a leak), and
// attached pictures are embedded as data: URLs. A DOM sanitizer (DOMPurify) would need a DOM in main (jsdom, megabytes
// and slow starts) to remove what this never produces.
import { Marked, type Tokens } from 'marked';
import { attachmentsOf } from '../../shared/attachments.js';
import { escapeHtml } from '../../shared/escape-html.js';
import type { Message } from '../../shared/messages.js';
import { externalLinkTarget } from '../../shared/url.js';
import { argumentsText, attachedText, formatTime, type ChatView } from './chat-view.js';
import type { TransferStrings } from './strings.js';

/** No script, no remote anything: only our inline style and embedded pictures. */
export const EXPORT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** Attached files by sha256: pictures to embed (the scaled copy when there is one), text files to show in full. */
export type EmbeddedImages = ReadonlyMap<string, { mimeType: string; bytes: Uint8Array }>;

export function chatHtml(view: ChatView, strings: TransferStrings, now: Date, lang: string, images: EmbeddedImages = new Map()): string {
  const body: string[] = [];
  for (const item of view.items) {
    const versions = item.versions > 1 ? ` <span class="version">${escapeHtml(strings.version(item.version, item.versions))}</span>` : '';
    body.push(messageHtml(item.message, versions, strings, images));
  }
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Tiny Agent">
<title>${escapeHtml(view.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(view.title)}</h1>
<p class="meta">${escapeHtml(`${strings.model}: ${view.model} · ${strings.created}: ${formatTime(view.createdAt)}`)}</p>
</header>
${body.join('\n')}
<footer>${escapeHtml(strings.exportedFrom(formatTime(now.getTime())))}</footer>
</main>
</body>
</html>
`;
}

function messageHtml(message: Message, versions: string, strings: TransferStrings, images: EmbeddedImages): string {
  switch (message.role) {
    case 'user': {
      const parts: string[] = [];
      if (typeof message.content === 'string') parts.push(renderMarkdown(message.content));
      else {
        for (const part of message.content) if (part.type === 'text') parts.push(renderMarkdown(part.text));
        for (const part of attachmentsOf(message.content)) {
          const image = images.get(part.scaled?.sha256 ?? part.sha256) ?? images.get(part.sha256);
          const text = attachedText(part, images);
          parts.push(
            image && part.kind === 'image'
              ? `<figure><img alt="${escapeHtml(part.name)}" src="data:${escapeHtml(image.mimeType)};base64,${Buffer.from(image.bytes).toString('base64')}"><figcaption>${escapeHtml(part.name)}</figcaption></figure>`
              : text !== undefined
                ? `<div class="tool"><p class="tool-name">${escapeHtml(strings.attachment(part.name))}</p><pre><code>${escapeHtml(text)}</code></pre></div>`
                : `<p class="attachment">${escapeHtml(part.kind === 'text' ? strings.attachmentMissing(part.name) : strings.attachment(part.name))}</p>`,
          );
        }
      }
      return `<section class="message user"><h2>${escapeHtml(strings.you)}${versions}</h2>\n${parts.join('\n')}</section>`;
    }
    case 'assistant': {
      const parts: string[] = [];
      for (const part of message.content) {
        if (part.type === 'thinking' && part.thinking.trim()) {
          parts.push(
            `<details class="reasoning"><summary>${escapeHtml(strings.reasoning)}</summary>\n${renderMarkdown(part.thinking)}</details>`,
          );
        } else if (part.type === 'text') {
          parts.push(renderMarkdown(part.text));
        } else if (part.type === 'toolCall') {
          parts.push(
            `<div class="tool"><p class="tool-name">${escapeHtml(strings.toolCall(part.name))}</p><pre><code>${escapeHtml(argumentsText(part.arguments))}</code></pre></div>`,
          );
        }
      }
      if (message.refusal) parts.push(`<p class="note">${escapeHtml(strings.refused)}</p>`);
      if (message.stopReason === 'aborted') parts.push(`<p class="note">${escapeHtml(strings.stopped)}</p>`);
      else if (message.stopReason === 'error' && message.errorMessage)
        parts.push(`<p class="note">${escapeHtml(strings.failed(message.errorMessage))}</p>`);
      return `<section class="message assistant"><h2>${escapeHtml(`${strings.assistant} · ${message.model}`)}${versions}</h2>\n${parts.join('\n')}</section>`;
    }
    case 'toolResult': {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : `[${part.mimeType}]`)).join('\n');
      const label = message.isError ? strings.toolError(message.toolName) : strings.toolResult(message.toolName);
      return `<section class="message tool"><p class="tool-name">${escapeHtml(label)}</p><pre><code>${escapeHtml(text)}</code></pre></section>`;
    }
    case 'system':
      return '';
  }
}

// Plain methods: marked merges a renderer's own enumerable properties (class methods are not enumerable).
const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    /** Raw HTML in a message is text to show, never markup. */
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link): string {
      const inner = this.parser.parseInline(tokens);
      const target = externalLinkTarget(href);
      if (!target) return inner;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(target)}"${titleAttr} rel="noopener noreferrer">${inner}</a>`;
    },
    /** Pictures from the web are not fetched by an exported page: their description (and a link) stand in. */
    image({ href, text }: Tokens.Image): string {
      const target = externalLinkTarget(href);
      const label = escapeHtml(text || href);
      return target ? `<a href="${escapeHtml(target)}" rel="noopener noreferrer">[${label}]</a>` : `[${label}]`;
    },
  },
});

function renderMarkdown(text: string): string {
  return marked.parse(text, { async: false });
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1d1d1f; --muted: #6e6e73; --bg: #ffffff; --panel: #f4f4f6; --border: #d9d9de; --accent: #2563eb; }
@media (prefers-color-scheme: dark) { :root { --fg: #ececf1; --muted: #a1a1aa; --bg: #17171a; --panel: #232327; --border: #3a3a40; --accent: #7aa2ff; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.6 -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; }
main { max-width: 820px; margin: 0 auto; padding: 32px 20px 48px; }
h1 { font-size: 1.6em; margin: 0 0 4px; overflow-wrap: anywhere; }
.meta, footer, .version, .note { color: var(--muted); font-size: 0.9em; }
.message { border-top: 1px solid var(--border); padding: 16px 0; overflow-wrap: anywhere; }
.message h2 { font-size: 0.95em; margin: 0 0 8px; }
.message.user { background: var(--panel); border-radius: 10px; border-top: none; padding: 12px 16px; margin: 16px 0; }
.version { font-weight: normal; margin-left: 6px; }
details.reasoning { border-left: 3px solid var(--border); padding: 0 12px; margin: 8px 0; color: var(--muted); }
details.reasoning summary { cursor: pointer; }
pre { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 10px 12px; overflow-x: auto; }
code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--border); padding: 4px 8px; }
a { color: var(--accent); }
img { max-width: 100%; border-radius: 8px; }
figure { margin: 8px 0; }
figcaption { color: var(--muted); font-size: 0.85em; }
.tool-name { font-weight: 600; margin: 8px 0 4px; }
footer { border-top: 1px solid var(--border); padding-top: 16px; }
`;
