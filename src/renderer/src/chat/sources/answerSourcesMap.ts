// Which answers list sources, and which: the last answer with text of each turn that read the web (web_search or
// fetch_page results since its question), with answerSources()' list. Looked for only when the tool results or the
// number of messages change (not on each streamed token), and each list keeps its identity while it reads the same,
// so the memoized rows do not re-render.
import { useMemo, useRef } from 'react';
import { answerSources } from '../../../../shared/answer-sources';
import { messageText, type Message, type ToolResultMessage } from '../../../../shared/messages';
import type { WebSource } from '../../../../shared/web-tools';

const WEB_TOOLS = new Set(['web_search', 'fetch_page']);

/** Sources by the index of the answer that lists them. `messages` may hold undefined (not loaded yet). */
export function sourcesByAnswer(messages: readonly (Message | undefined)[]): Map<number, WebSource[]> {
  const out = new Map<number, WebSource[]>();
  let readWeb = false;
  let answer = -1;
  const endTurn = () => {
    if (readWeb && answer >= 0) {
      const sources = answerSources(messages, answer);
      if (sources.length) out.set(answer, sources);
    }
    readWeb = false;
    answer = -1;
  };
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message?.role === 'user') endTurn();
    else if (message?.role === 'toolResult' && WEB_TOOLS.has(message.toolName)) readWeb = true;
    else if (message?.role === 'assistant' && messageText(message).trim() !== '') answer = i;
  }
  endTurn();
  return out;
}

const sameSources = (a: readonly WebSource[], b: readonly WebSource[]): boolean =>
  a.length === b.length && a.every((s, i) => s.url === b[i]!.url && s.title === b[i]!.title);

/**
 * sourcesByAnswer for the list, recomputed when `results` (the list's tool results map), the length or `running`
 * changes. While the chat runs, its last turn lists nothing yet: the list appears once, under the finished answer, not
 * under each step on the way.
 */
export function useSourcesByAnswer(
  messages: readonly (Message | undefined)[],
  results: ReadonlyMap<string, ToolResultMessage>,
  running: boolean,
): ReadonlyMap<number, WebSource[]> {
  const previous = useRef<ReadonlyMap<number, WebSource[]>>(new Map());
  const latest = useRef(messages);
  latest.current = messages;
  const count = messages.length;
  return useMemo(() => {
    const next = sourcesByAnswer(latest.current);
    if (running) {
      let lastQuestion = latest.current.length - 1;
      while (lastQuestion >= 0 && latest.current[lastQuestion]?.role !== 'user') lastQuestion--;
      for (const index of next.keys()) if (index > lastQuestion) next.delete(index);
    }
    for (const [index, sources] of next) {
      const before = previous.current.get(index);
      if (before && sameSources(before, sources)) next.set(index, before);
    }
    previous.current = next;
    return next;
    // `results` and `count` stand for the messages: a streamed token changes neither, and cannot change the sources.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results, count, running]);
}
