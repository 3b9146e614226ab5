// The numbered sources each running chat's requests carry, so an answer's [n] marks become citations: the passages of
// its knowledge bases (the send's top-k, then each search_knowledge call, numbered on) and the parts of the documents
// attached to the chat (numbered once per run: every request of the run gives a part the same number).
import type { AttachedDocumentRef, AttachedPassage, KnowledgeCitation, KnowledgePassage } from '../../shared/knowledge.js';

interface Ledger {
  citations: KnowledgeCitation[];
  /** The number of each attached-document part already given, by document hash, place and text. */
  attached: Map<string, number>;
}

export class CitationLedgers {
  private readonly ledgers = new Map<string, Ledger>();

  /** A run of `sessionId` starts: nothing of the last run's sources can be cited by it. */
  reset(sessionId: string): void {
    this.ledgers.delete(sessionId);
  }

  /** Numbers `passages` of knowledge bases after those the run already has; answers the first number. */
  number(sessionId: string, passages: readonly KnowledgePassage[]): number {
    const ledger = this.of(sessionId);
    const first = ledger.citations.length + 1;
    passages.forEach((p, i) => ledger.citations.push(citation(first + i, p.file, p, { kbId: p.kbId })));
    return first;
  }

  /** The number of each of `passages` of the attached `document`: the one given before in this run, else the next. */
  numberAttached(sessionId: string, document: AttachedDocumentRef, passages: readonly AttachedPassage[]): number[] {
    const ledger = this.of(sessionId);
    return passages.map((p) => {
      const key = `${document.sha256}\0${p.label}\0${p.text}`;
      const known = ledger.attached.get(key);
      if (known !== undefined) return known;
      const n = ledger.citations.length + 1;
      ledger.citations.push(citation(n, document.name, p, { attachment: document.sha256 }));
      ledger.attached.set(key, n);
      return n;
    });
  }

  /** The sources of the chat's current run that `text` cites as [n] (none: undefined). */
  citationsIn(sessionId: string, text: string): KnowledgeCitation[] | undefined {
    const ledger = this.ledgers.get(sessionId);
    if (!ledger?.citations.length) return undefined;
    const cited = new Set<number>();
    for (const match of text.matchAll(/\[(\d{1,3})\]/g)) cited.add(Number(match[1]));
    const out = ledger.citations.filter((c) => cited.has(c.n));
    return out.length ? out : undefined;
  }

  private of(sessionId: string): Ledger {
    let ledger = this.ledgers.get(sessionId);
    if (!ledger) {
      ledger = { citations: [], attached: new Map() };
      this.ledgers.set(sessionId, ledger);
    }
    return ledger;
  }
}

function citation(n: number, file: string, p: AttachedPassage, source: { kbId: string } | { attachment: string }): KnowledgeCitation {
  return { n, ...source, file, label: p.label, ...(p.page !== undefined && { page: p.page }), text: p.text };
}
