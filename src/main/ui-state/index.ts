// The window's state across restarts (open chat, scroll anchors, composer drafts): its file and its upkeep.
export { UiStateService, type UiStateServiceOptions } from './ui-state-service.js';
export { UI_STATE_FILE, isDraftKey, scrollAnchorSchema } from './ui-state-file.js';
