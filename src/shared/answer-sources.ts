// The sources an answer lists under it (`answer-sources`, one numbered `answer-source` per URL): the web_search
// results of the tool calls since the question, in the order the model got them (so [n] in the answer matches),
// deduplicated by URL; then pages fetch_page read that no search listed. A message not loaded yet (undefined, in a
// paged view) adds nothing.
import type { Message } from './messages.js';
import type { WebSource } from './web-tools.js';

export function answerSources(messages: readonly (Message | undefined)[], answerIndex: number): WebSource[] {
  let start = answerIndex;
  while (start > 0 && messages[start - 1]?.role !== 'user') start--;
  const out: WebSource[] = [];
  const seen = new Set<string>();
  const add = (source: WebSource) => {
    if (!/^https?:\/\//i.test(source.url) || seen.has(source.url)) return;
    seen.add(source.url);
    out.push(source);
  };
  const pages: WebSource[] = [];
  for (let i = start; i <= answerIndex && i < messages.length; i++) {
    const message = messages[i];
    if (message?.role !== 'toolResult' || message.isError) continue;
    const details = message.details as { sources?: unknown; url?: unknown; title?: unknown } | undefined;
    if (message.toolName === 'web_search' && Array.isArray(details?.sources)) {
      for (const s of details.sources as WebSource[]) if (s && typeof s.url === 'string') add(s);
    } else if (message.toolName === 'fetch_page' && typeof details?.url === 'string') {
      pages.push({ title: typeof details.title === 'string' ? details.title : details.url, url: details.url, snippet: '' });
    }
  }
  for (const page of pages) add(page);
  return out;
}
