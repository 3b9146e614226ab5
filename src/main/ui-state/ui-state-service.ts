// Keeps the window's state across restarts: the open chat, scroll anchors and composer drafts, in one small file
// written atomically a moment after the last change (and at quit), so typing costs no disk write per key.
//
// Rules: a draft of '' or an anchor of null forgets it; a deleted session's entries go with it (told by the session
// service, and checked again when the state is read); past the limits the least recently changed entries go first.
// A damaged file is read entry by entry; what cannot be read is logged and forgotten, never a reason not to start —
// and never written over unread: the file as it was is first kept as `ui-state.json.unread.bak` (a file too large to
// read is moved there whole), and `notice` says so for the window.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { StartupNotice } from '../../shared/app-status.js';
import { NEW_CHAT_DRAFT, UI_STATE_LIMITS, type UiState, type UiStatePatch } from '../../shared/ui-state.js';
import { readFileIfExists, UNREAD_COPY_SUFFIX, writeFileAtomic } from '../storage/atomic-file.js';
import { emptyStoredUiState, parseUiStateFile, UI_STATE_FILE, UI_STATE_MAX_BYTES, type StoredUiState } from './ui-state-file.js';

export interface UiStateServiceOptions {
  dataDir: string;
  /** Whether a stored session with this id exists (readable or not). */
  sessionExists(id: string): boolean;
  log(message: string, error?: unknown): void;
  /** Delay between the last change and the write (default 1 s). */
  saveDelayMs?: number;
  now?: () => number;
}

export class UiStateService {
  private state: StoredUiState = emptyStoredUiState();
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  /** Every write runs after the previous one. */
  private writing: Promise<void> = Promise.resolve();
  /** Whole-file writes since start (tests count work with it). */
  writes = 0;
  /** What was set aside when the file was read, for the window to say. */
  notice: StartupNotice | undefined;
  /** The file could not be read or kept aside: it is never written over in this run. */
  private frozen = false;

  private constructor(private readonly options: UiStateServiceOptions) {}

  static async open(options: UiStateServiceOptions): Promise<UiStateService> {
    const service = new UiStateService(options);
    await service.load();
    return service;
  }

  private get filePath(): string {
    return path.join(this.options.dataDir, UI_STATE_FILE);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async load(): Promise<void> {
    let text: string | undefined;
    try {
      const size = (await fs.stat(this.filePath).catch(() => undefined))?.size;
      if (size !== undefined && size > UI_STATE_MAX_BYTES) {
        // Not read at all: moved aside whole (a rename, however large), so the next write cannot replace it.
        this.options.log(`${UI_STATE_FILE} is larger than ${UI_STATE_MAX_BYTES} bytes; starting without the last window state`);
        const keptAs = await this.keep(() => fs.rename(this.filePath, this.copyPath));
        this.notice = { file: 'uiState', problem: 'tooLarge', limitBytes: UI_STATE_MAX_BYTES, ...(keptAs && { keptAs }) };
        return;
      }
      text = await readFileIfExists(this.filePath);
    } catch (error) {
      this.options.log(`${UI_STATE_FILE} could not be read; starting without the last window state`, error);
      this.frozen = true;
      this.notice = { file: 'uiState', problem: 'unreadable', readOnly: true };
      return;
    }
    if (text === undefined) return;
    const { state, dropped, unusable } = parseUiStateFile(text);
    this.state = state;
    if (dropped > 0) {
      this.options.log(`${UI_STATE_FILE} was damaged: ${dropped} unreadable part(s) forgotten`);
      // The file as it was is kept before the next write replaces it.
      const keptAs = await this.keep(() => writeFileAtomic(this.copyPath, text));
      this.notice = unusable
        ? { file: 'uiState', problem: unusable, ...(keptAs && { keptAs }) }
        : { file: 'uiState', problem: 'partlyUnreadable', count: dropped, ...(keptAs && { keptAs }) };
      if (!keptAs) this.notice.readOnly = true;
      this.changed();
    }
  }

  /** Where a file that could not be (wholly) read is kept. */
  private get copyPath(): string {
    return `${this.filePath}${UNREAD_COPY_SUFFIX}`;
  }

  /** Keeps the unread file by `work`; the copy's name, or undefined (and nothing is ever written) when that failed. */
  private async keep(work: () => Promise<void>): Promise<string | undefined> {
    try {
      await work();
      return `${UI_STATE_FILE}${UNREAD_COPY_SUFFIX}`;
    } catch (error) {
      this.options.log(`${UI_STATE_FILE} could not be kept aside; it will not be written over`, error);
      this.frozen = true;
      return undefined;
    }
  }

  /** The state to restore, with only sessions that still exist. */
  view(): UiState {
    const exists = (id: string) => this.options.sessionExists(id);
    const { lastSessionId } = this.state;
    const drafts: UiState['drafts'] = {};
    for (const [key, { text }] of Object.entries(this.state.drafts)) if (!isSessionKey(key) || exists(key)) drafts[key] = text;
    const anchors: UiState['anchors'] = {};
    for (const [id, { anchor }] of Object.entries(this.state.anchors)) if (exists(id)) anchors[id] = anchor;
    return { lastSessionId: lastSessionId !== null && exists(lastSessionId) ? lastSessionId : null, drafts, anchors };
  }

  update(patch: UiStatePatch): void {
    const at = this.now();
    const { state } = this;
    if (patch.lastSessionId !== undefined) state.lastSessionId = patch.lastSessionId;
    for (const [key, text] of Object.entries(patch.drafts ?? {})) {
      if (text) state.drafts[key] = { text, at };
      else delete state.drafts[key];
    }
    for (const [id, anchor] of Object.entries(patch.anchors ?? {})) {
      if (anchor) state.anchors[id] = { anchor, at };
      else delete state.anchors[id];
    }
    this.evict();
    this.changed();
  }

  /** A session was deleted: its draft, anchor and "last open" go too. */
  forget(sessionId: string): void {
    const { state } = this;
    if (!(sessionId in state.drafts) && !(sessionId in state.anchors) && state.lastSessionId !== sessionId) return;
    delete state.drafts[sessionId];
    delete state.anchors[sessionId];
    if (state.lastSessionId === sessionId) state.lastSessionId = null;
    this.changed();
  }

  /** Writes a pending change now; resolves when it is on disk (or the write failed and was logged). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(() => this.write());
    await this.writing;
  }

  /** Drops entries past the limits, least recently changed first (sorting only when a limit is passed). */
  private evict(): void {
    const { drafts, anchors } = this.state;
    const draftList = Object.entries(drafts);
    const total = draftList.reduce((sum, [, draft]) => sum + draft.text.length, 0);
    if (draftList.length > UI_STATE_LIMITS.maxDrafts || total > UI_STATE_LIMITS.maxDraftTotalChars) {
      let count = draftList.length;
      let chars = total;
      for (const [key, draft] of draftList.sort((a, b) => a[1].at - b[1].at)) {
        if (count <= UI_STATE_LIMITS.maxDrafts && chars <= UI_STATE_LIMITS.maxDraftTotalChars) break;
        delete drafts[key];
        count--;
        chars -= draft.text.length;
        this.options.log(`ui state: an old draft (${draft.text.length} characters) was dropped to stay within the limits`);
      }
    }
    const anchorList = Object.entries(anchors);
    if (anchorList.length <= UI_STATE_LIMITS.maxAnchors) return;
    anchorList.sort((a, b) => a[1].at - b[1].at);
    for (const [id] of anchorList.slice(0, anchorList.length - UI_STATE_LIMITS.maxAnchors)) delete anchors[id];
  }

  private changed(): void {
    this.dirty = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.saveDelayMs ?? 1_000);
    this.timer.unref?.();
  }

  private async write(): Promise<void> {
    if (!this.dirty || this.frozen) return;
    this.dirty = false;
    try {
      await writeFileAtomic(this.filePath, JSON.stringify(this.state));
      this.writes++;
    } catch (error) {
      // Kept dirty: the next change or the quit tries again.
      this.dirty = true;
      this.options.log(`${UI_STATE_FILE} could not be saved`, error);
    }
  }
}

function isSessionKey(key: string): boolean {
  return key !== NEW_CHAT_DRAFT;
}
