// Which of the other computers' files in the sync location were applied here, kept compactly: per stream (one
// device's files of one chat, or its meta files) the sequence number up to which every file was applied, and the few
// above it applied out of order (one after a torn file still arriving). So the state grows with chats × devices, not
// with every answer ever synced, and writing it after a pass costs the same in the tenth year as in the first.
import { placeOf } from './segments.js';

/** The stored form: per stream, [all applied up to this seq, then each seq applied above it]. */
export type AppliedJson = Record<string, number[]>;

interface Stream {
  upTo: number;
  above: Set<number>;
}

export class AppliedFiles {
  private readonly streams = new Map<string, Stream>();

  /** From the stored form, or from the list of paths older states kept. */
  static from(stored: AppliedJson | readonly string[] | undefined): AppliedFiles {
    const applied = new AppliedFiles();
    if (isPathList(stored)) {
      for (const path of stored) applied.add(path);
      return applied;
    }
    for (const [key, seqs] of Object.entries(stored ?? {})) {
      const [upTo = -1, ...above] = seqs;
      applied.streams.set(key, { upTo, above: new Set(above) });
    }
    return applied;
  }

  /** True when the remote file at `path` was applied. */
  has(path: string): boolean {
    const at = streamOf(path);
    if (!at) return false;
    const stream = this.streams.get(at.key);
    return stream !== undefined && (at.seq <= stream.upTo || stream.above.has(at.seq));
  }

  /** Notes the remote file at `path` as applied (a path that is not a segment's is not kept). */
  add(path: string): void {
    const at = streamOf(path);
    if (!at) return;
    let stream = this.streams.get(at.key);
    if (!stream) {
      stream = { upTo: -1, above: new Set() };
      this.streams.set(at.key, stream);
    }
    if (at.seq <= stream.upTo) return;
    stream.above.add(at.seq);
    while (stream.above.delete(stream.upTo + 1)) stream.upTo += 1;
  }

  clear(): void {
    this.streams.clear();
  }

  toJSON(): AppliedJson {
    const out: AppliedJson = {};
    for (const [key, { upTo, above }] of this.streams) out[key] = [upTo, ...[...above].sort((a, b) => a - b)];
    return out;
  }
}

function isPathList(stored: AppliedJson | readonly string[] | undefined): stored is readonly string[] {
  return Array.isArray(stored);
}

function streamOf(path: string): { key: string; seq: number } | undefined {
  const place = placeOf(path);
  return place && { key: `${place.device}/${place.kind === 'chat' ? place.session! : ':meta'}`, seq: place.seq };
}
