// Exposes exactly the IPC contract as `window.api`: one function per invoke channel and the event subscription.
// No generic invoke, no raw ipcRenderer.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { INVOKE_CHANNELS, SESSION_EVENT_CHANNEL, type TinyAgentApi } from '../shared/ipc.js';
import type { SessionEventEnvelope } from '../shared/events.js';

const api = Object.fromEntries(
  Object.entries(INVOKE_CHANNELS).map(([method, channel]) => [method, (request?: unknown) => ipcRenderer.invoke(channel, request)]),
) as Omit<TinyAgentApi, 'onSessionEvent'>;

const exposed: TinyAgentApi = {
  ...api,
  onSessionEvent(listener) {
    const forward = (_event: IpcRendererEvent, envelope: SessionEventEnvelope) => listener(envelope);
    ipcRenderer.on(SESSION_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(SESSION_EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('api', Object.freeze(exposed));
