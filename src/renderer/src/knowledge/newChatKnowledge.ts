// The knowledge bases chosen for the new chat before it exists. A chat is created in main only by its first send; the
// choice is then saved on it before that send's run starts, so the first question already searches them.
import { create } from 'zustand';
import type { IpcResult } from '../../../shared/errors';

export const useNewChatKnowledge = create<{ kbIds: readonly string[] }>(() => ({ kbIds: [] }));

export function chooseNewChatKnowledge(kbIds: readonly string[]): void {
  useNewChatKnowledge.setState({ kbIds });
}

/**
 * Saves the new chat's choice on the chat `sessionId` just created from it, and forgets it here. Resolves with the
 * chat's bases as main stored them (empty: nothing was chosen), or main's refusal.
 */
export async function carryNewChatKnowledge(sessionId: string): Promise<IpcResult<string[]>> {
  const { kbIds } = useNewChatKnowledge.getState();
  if (kbIds.length === 0) return { ok: true, value: [] };
  useNewChatKnowledge.setState({ kbIds: [] });
  const result = await window.api.setSessionKnowledge({ sessionId, kbIds: [...kbIds] });
  return result.ok ? { ok: true, value: result.value.knowledgeBases } : result;
}
