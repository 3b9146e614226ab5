// Exposes exactly the IPC contract as `window.api`: one function per invoke channel and the event subscription.
// No generic invoke, no raw ipcRenderer.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { INVOKE_CHANNELS, MENU_COMMAND_CHANNEL, SESSION_EVENT_CHANNEL, type MenuCommand, type TinyAgentApi } from '../shared/ipc.js';
import type { SessionEventEnvelope } from '../shared/events.js';

const api = Object.fromEntries(
  Object.entries(INVOKE_CHANNELS).map(([method, channel]) => [method, (request?: unknown) => ipcRenderer.invoke(channel, request)]),
) as Omit<TinyAgentApi, 'onSessionEvent' | 'onMenuCommand'>;

const exposed: TinyAgentApi = {
  ...api,
  onSessionEvent(listener) {
    const forward = (_event: IpcRendererEvent, envelope: SessionEventEnvelope) => listener(envelope);
    ipcRenderer.on(SESSION_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(SESSION_EVENT_CHANNEL, forward);
    };
  },
  onMenuCommand(listener) {
    const forward = (_event: IpcRendererEvent, command: MenuCommand) => listener(command);
    ipcRenderer.on(MENU_COMMAND_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(MENU_COMMAND_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('api', Object.freeze(exposed));
