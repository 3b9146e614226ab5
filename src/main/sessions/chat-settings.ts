// What a chat's next run uses besides its messages — model, system prompt, request parameters — derived from the
// session header and the chat settings lines appended after it. Pure: the service appends, this decides.
import type { ChatSettings, ChatSettingsPatch } from '../../shared/sessions.js';
import type { SessionHeader } from './store/session-file.js';

/** A chat's settings as of the end of its file. */
export interface ChatState extends ChatSettings {
  systemPrompt: string;
  /** Built-in tools the person always allowed in this chat (main only; never sent to the window). */
  builtinToolsAllowed?: string[];
}

/** The header's choices, overridden field by field by the merged chat lines. */
export function chatState(header: SessionHeader, lines: ChatSettingsPatch): ChatState {
  const created: ChatState = {
    // An older chat (no provider in its header) keeps following Settings' default model, as it always did.
    model: header.providerId ? { providerId: header.providerId, model: header.model } : null,
    systemPrompt: header.systemPrompt,
    params: header.params ?? {},
  };
  return applyChatPatch(created, lines);
}

/** `state` with `patch` applied; `params` replaces the whole set. */
export function applyChatPatch(state: ChatState, patch: ChatSettingsPatch): ChatState {
  return {
    model: patch.model ?? state.model,
    systemPrompt: patch.systemPrompt ?? state.systemPrompt,
    params: patch.params ?? state.params,
    ...compareSet(state, patch),
    ...((patch.builtinTools ?? state.builtinTools) && { builtinTools: patch.builtinTools ?? state.builtinTools }),
    ...((patch.knowledgeBases ?? state.knowledgeBases) && { knowledgeBases: patch.knowledgeBases ?? state.knowledgeBases }),
    ...((patch.builtinToolsAllowed ?? state.builtinToolsAllowed) && {
      builtinToolsAllowed: patch.builtinToolsAllowed ?? state.builtinToolsAllowed,
    }),
  };
}

/** The compare set after `patch`: replaced, forgotten (`null`) or kept. */
function compareSet(state: ChatState, patch: ChatSettingsPatch): { compareModels?: ChatState['compareModels'] } {
  if (patch.compareModels === null) return {};
  const models = patch.compareModels ?? state.compareModels;
  return models ? { compareModels: models } : {};
}
