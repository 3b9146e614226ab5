// knowledge.json in the data folder: the person's knowledge bases, hand-editable. Read with validation (a bad file
// is reported in both languages and never overwritten until fixed), changed by read-modify-write so an edit by hand
// survives the next change made in Settings.
import path from 'node:path';
import { z } from 'zod';
import type { Locale } from '../../shared/settings.js';
import type { KnowledgeBase } from '../../shared/knowledge.js';
import { readFileIfExists, writeFileAtomic } from '../storage/atomic-file.js';

export const KNOWLEDGE_FILE = 'knowledge.json';

const baseSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().trim().min(1).max(200),
  paths: z
    .array(z.string().min(1).max(4096))
    .max(1000)
    .refine((paths) => paths.every((p) => path.isAbsolute(p)), 'paths must be absolute'),
  embedding: z.object({ providerId: z.string().min(1).max(200), model: z.string().min(1).max(200) }).optional(),
});

const fileSchema = z.object({ version: z.literal(1), knowledgeBases: z.array(baseSchema).max(200) });

export type ParsedKnowledge = { ok: true; bases: KnowledgeBase[] } | { ok: false; message: string };

const WORDS = {
  en: {
    notJson: 'knowledge.json is not valid JSON',
    invalid: 'knowledge.json is not valid',
    duplicate: 'two knowledge bases share the id',
  },
  'zh-CN': { notJson: 'knowledge.json 不是有效的 JSON', invalid: 'knowledge.json 的内容无效', duplicate: '两个知识库的 id 相同' },
} satisfies Record<Locale, Record<string, string>>;

export function parseKnowledgeFile(text: string, language: Locale): ParsedKnowledge {
  const words = WORDS[language];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${words.notJson}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `${words.invalid}: ${issue ? `${issue.path.join('.')} ${issue.message}` : ''}`.trim() };
  }
  const ids = new Set<string>();
  for (const base of parsed.data.knowledgeBases) {
    if (ids.has(base.id)) return { ok: false, message: `${words.duplicate} "${base.id}"` };
    ids.add(base.id);
  }
  return { ok: true, bases: parsed.data.knowledgeBases as KnowledgeBase[] };
}

export function serializeKnowledge(bases: readonly KnowledgeBase[]): string {
  return `${JSON.stringify({ version: 1, knowledgeBases: bases }, null, 2)}\n`;
}

export class KnowledgeConfigFile {
  bases: KnowledgeBase[] = [];
  error: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly language: () => Locale,
  ) {}

  /** Reads the file again. Never throws; a bad file sets `error` and keeps what was in memory. */
  async load(): Promise<void> {
    let text: string | undefined;
    try {
      text = await readFileIfExists(this.file);
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      return;
    }
    if (text === undefined) {
      this.error = undefined;
      return;
    }
    const parsed = parseKnowledgeFile(text, this.language());
    if (!parsed.ok) {
      this.error = parsed.message;
      return;
    }
    this.error = undefined;
    this.bases = parsed.bases;
  }

  /** Applies `change` to the file as it is now and writes it; nothing is written while the file is bad. */
  update(change: (bases: KnowledgeBase[]) => KnowledgeBase[]): Promise<KnowledgeBase[]> {
    const run = this.queue.then(async () => {
      await this.load();
      if (this.error) throw new Error(this.error);
      const next = change(this.bases.map((b) => ({ ...b, paths: [...b.paths] })));
      const text = serializeKnowledge(next);
      const parsed = parseKnowledgeFile(text, this.language());
      if (!parsed.ok) throw new Error(parsed.message);
      await writeFileAtomic(this.file, text);
      this.bases = parsed.bases;
      return this.bases;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
