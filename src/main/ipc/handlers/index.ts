export { attachmentHandlers } from './attachment-handlers.js';
export { knowledgeHandlers } from './knowledge-handlers.js';
export { libraryHandlers, type LibraryServices } from './library-handlers.js';
export { outsideHandlers, type OutsideOptions } from './outside-handlers.js';
export { sessionHandlers } from './session-handlers.js';
export { settingsHandlers } from './settings-handlers.js';
export { toolHandlers } from './tool-handlers.js';
