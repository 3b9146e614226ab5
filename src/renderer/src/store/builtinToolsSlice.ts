// The built-in tools in the store: Settings' view (read when the picker, the composer or Settings shows, replaced by
// every change's answer) and a chat's chosen tools, saved with the chat and shown on the open one at once.
import type { StateCreator } from 'zustand';
import type { BuiltinToolsView } from '../../../shared/builtin-tools';
import type { IpcResult } from '../../../shared/errors';
import { showIpcError } from './bannersSlice';
import type { AppState, BuiltinToolsSlice } from './state';

export const createBuiltinToolsSlice: StateCreator<AppState, [], [], BuiltinToolsSlice> = (set, get, store) => {
  const apply = async (call: () => Promise<IpcResult<BuiltinToolsView>>): Promise<IpcResult<BuiltinToolsView>> => {
    const result = await call();
    if (result.ok) set({ builtinTools: result.value });
    return result;
  };
  return {
    builtinTools: null,
    async loadBuiltinTools() {
      await apply(() => window.api.getBuiltinTools());
    },
    saveWebSearch: (input) => apply(() => window.api.setWebSearch(input)),
    setBuiltinToolPolicy: (tool, policy) => apply(() => window.api.setBuiltinToolPolicy({ tool, policy })),
    setFetchAllowedHosts: (hosts) => apply(() => window.api.setFetchAllowedHosts({ hosts })),
    async setChatBuiltinTools(sessionId, tools) {
      const result = await window.api.setSessionBuiltinTools({ sessionId, tools });
      if (!result.ok) return showIpcError(store, sessionId, result.error);
      const open = get().currentSession;
      if (open.id === sessionId) set({ currentSession: { ...open, chat: { ...open.chat, builtinTools: result.value.builtinTools } } });
    },
  };
};
