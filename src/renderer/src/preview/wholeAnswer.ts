// Whether an answer is one web page, to be offered as a preview of its own: the whole answer a single ```html block
// holding a full document, or the answer itself a raw HTML document. A page among other words is not: its code
// block has its own Preview button.

const FENCED = /^(`{3,}|~{3,})[ \t]*html[ \t]*\n([\s\S]*?)\n[ \t]*\1[ \t]*$/i;
const DOCUMENT_START = /^(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html\b[^>]*>|<html[\s>])/i;
const DOCUMENT_END = /<\/html>\s*$/i;

/** The HTML document the whole answer is, or null. */
export function wholeAnswerPage(text: string): string | null {
  const answer = text.trim();
  if (answer === '') return null;
  const fenced = FENCED.exec(answer);
  if (fenced) {
    const page = fenced[2]!.trim();
    return DOCUMENT_START.test(page) || /<html[\s>]/i.test(page) ? page : null;
  }
  return DOCUMENT_START.test(answer) && DOCUMENT_END.test(answer) ? answer : null;
}
