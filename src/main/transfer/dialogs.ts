// The system file dialogs, as main's core sees them: injected, so Electron shows real ones (src/main/index.ts) and
// tests script them. The renderer never names a path; only these answers do.

export interface DialogFilter {
  name: string;
  extensions: string[];
}

export interface FileDialogs {
  /** Asks where to save; resolves to the chosen path, or undefined when the person cancelled. */
  chooseSavePath(request: { title: string; defaultName: string; filters: DialogFilter[] }): Promise<string | undefined>;
  /** Asks for one file to open; resolves to its path, or undefined when the person cancelled. */
  chooseOpenPath(request: { title: string; filters: DialogFilter[] }): Promise<string | undefined>;
  /** Asks for one folder (backups); absent or undefined: cancelled. */
  chooseFolder?(request: { title: string }): Promise<string | undefined>;
  /** Asks for one or more files (a knowledge base's); absent or undefined: cancelled. */
  chooseOpenPaths?(request: { title: string }): Promise<string[] | undefined>;
}

/** Dialogs that are always cancelled: for cores with no window to show them (tools, tests that do not transfer). */
export const noDialogs: FileDialogs = {
  chooseSavePath: async () => undefined,
  chooseOpenPath: async () => undefined,
};
