/** The drag data type of a chat row dragged onto a folder (its value: the session id). */
export const SESSION_DRAG_TYPE = 'application/x-tiny-agent-session';
