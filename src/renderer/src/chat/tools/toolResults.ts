// Tool results by the id of the call they answer, for the call blocks: the list provides them, a block looks its
// result up. The map keeps its identity while the results do not change, so streaming text re-renders no block.
import { createContext, useContext, useMemo, useRef } from 'react';
import type { Message, ToolResultMessage } from '../../../../shared/messages';

export const ToolResultsContext = createContext<ReadonlyMap<string, ToolResultMessage>>(new Map());

export function useToolResult(toolCallId: string): ToolResultMessage | undefined {
  return useContext(ToolResultsContext).get(toolCallId);
}

/** The results among `messages`, as a map that is a new object only when a result was added or replaced. */
export function useToolResultsMap(messages: readonly (Message | undefined)[]): ReadonlyMap<string, ToolResultMessage> {
  const previous = useRef<{ results: ToolResultMessage[]; map: ReadonlyMap<string, ToolResultMessage> }>({ results: [], map: new Map() });
  // The list renders once per scrolled frame, over up to tens of thousands of positions: looked for only when the
  // messages changed.
  const results = useMemo(() => messages.filter((message): message is ToolResultMessage => message?.role === 'toolResult'), [messages]);
  const last = previous.current;
  if (results.length !== last.results.length || results.some((result, i) => result !== last.results[i])) {
    previous.current = { results, map: new Map(results.map((result) => [result.toolCallId, result])) };
  }
  return previous.current.map;
}
