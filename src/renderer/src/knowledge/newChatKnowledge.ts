// The knowledge bases chosen for the new chat before it exists. A chat is created in main only by its first send, with
// this choice (one request: the first question already searches them, and a first send that fails leaves no chat).
import { create } from 'zustand';

export const useNewChatKnowledge = create<{ kbIds: readonly string[] }>(() => ({ kbIds: [] }));

export function chooseNewChatKnowledge(kbIds: readonly string[]): void {
  useNewChatKnowledge.setState({ kbIds });
}

/** Takes the new chat's choice as its chat is created with it (the choice here is empty after). */
export function takeNewChatKnowledge(): string[] {
  const { kbIds } = useNewChatKnowledge.getState();
  if (kbIds.length) useNewChatKnowledge.setState({ kbIds: [] });
  return [...kbIds];
}
