/// <reference types="vite/client" />
import type { TinyAgentApi } from '../../shared/ipc';

declare global {
  interface Window {
    /** Exposed by the preload (Electron) or the test bridge (Chromium mode). */
    readonly api: TinyAgentApi;
  }
}
