// Small converters from markup to the Markdown a model reads: HTML (mammoth's output, EPUB chapters, .html files) and
// XML text runs (PPTX, ODT). Structure kept: headings, paragraphs, lists, tables (header row first). Scripts, styles and
// tags are dropped; nothing here is rendered, it only becomes text.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function inline(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, '**$2**')
      .replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1>/gi, '*$2*')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

function table(html: string): string {
  const rows: string[][] = [];
  for (const [, row] of html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...row!.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((cell) => inline(cell[1]!));
    if (cells.length) rows.push(cells);
  }
  return markdownTable(rows);
}

/** Rows as a Markdown table whose first row is the header; `|` in cells escaped. */
export function markdownTable(rows: string[][]): string {
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((row) => row.length));
  const line = (row: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => (row[i] ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')).join(' | ')} |`;
  return [line(rows[0]!), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

/** HTML as Markdown blocks. */
export function htmlToMarkdown(html: string): string {
  let body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|head|svg)\b[\s\S]*?<\/\1>/gi, '');
  const tables: string[] = [];
  body = body.replace(/<table\b[\s\S]*?<\/table>/gi, (whole) => {
    tables.push(table(whole));
    return `\n\u0000T${tables.length - 1}\u0000\n`;
  });
  body = body
    .replace(
      /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi,
      (_, level: string, text: string) => `\n\n${'#'.repeat(Number(level))} ${inline(text)}\n\n`,
    )
    .replace(/<li\b[^>]*>([\s\S]*?)<\/li>/gi, (_, text: string) => `\n- ${inline(text)}\n`)
    .replace(
      /<(p|div|blockquote|pre|section|article|tr)\b[^>]*>([\s\S]*?)<\/\1>/gi,
      (_, _tag: string, text: string) => `\n\n${inline(text)}\n\n`,
    )
    .replace(/<br\s*\/?>/gi, '\n');
  const blocks = body
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => (line.startsWith('\u0000T') ? line : line.startsWith('- ') || line.startsWith('#') ? line.trim() : inline(line)))
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
  return blocks.join('\n\n').replace(/\u0000T(\d+)\u0000/g, (_, n: string) => tables[Number(n)] ?? '');
}

/** Markdown split at headings of level ≤ `level`: each section starts with its heading. */
export function splitAtHeadings(markdown: string, level = 2): Array<{ heading?: string; text: string }> {
  const sections: Array<{ heading?: string; text: string }> = [];
  let current: { heading?: string; lines: string[] } = { lines: [] };
  const pattern = new RegExp(`^#{1,${level}} (.+)$`);
  for (const line of markdown.split('\n')) {
    const match = pattern.exec(line);
    if (match) {
      if (current.lines.join('').trim()) sections.push({ heading: current.heading, text: current.lines.join('\n').trim() });
      current = { heading: match[1]!.trim(), lines: [line] };
    } else current.lines.push(line);
  }
  if (current.lines.join('').trim()) sections.push({ heading: current.heading, text: current.lines.join('\n').trim() });
  return sections;
}

/** Text of XML paragraphs: each `paragraphTag` element becomes one line of its `textTag` runs joined. */
export function xmlParagraphs(xml: string, paragraphTag: string, textTag: string): string[] {
  const out: string[] = [];
  const para = new RegExp(`<${paragraphTag}\\b[^>]*?(?:/>|>([\\s\\S]*?)</${paragraphTag}>)`, 'g');
  const run = new RegExp(`<${textTag}\\b[^>]*>([\\s\\S]*?)</${textTag}>`, 'g');
  for (const [, inner] of xml.matchAll(para)) {
    if (!inner) continue;
    const text = decodeEntities([...inner.matchAll(run)].map((m) => m[1]!.replace(/<[^>]+>/g, '')).join('')).trim();
    if (text) out.push(text);
  }
  return out;
}

/** RTF as plain text: control words and groups of destinations dropped, \'hh escapes decoded with the code page. */
export function rtfToText(rtf: string, decodeByte: (bytes: number[]) => string): string {
  let out = '';
  let i = 0;
  const skipDepth: number[] = [];
  let depth = 0;
  let pending: number[] = [];
  const flush = () => {
    if (pending.length) out += decodeByte(pending);
    pending = [];
  };
  while (i < rtf.length) {
    const ch = rtf[i]!;
    if (ch === '{') {
      depth++;
      i++;
      if (
        rtf.startsWith('\\*', i) ||
        /^\\(fonttbl|colortbl|stylesheet|info|pict|header|footer|themedata|latentstyles)\b/.test(rtf.slice(i, i + 20))
      )
        skipDepth.push(depth);
      continue;
    }
    if (ch === '}') {
      if (skipDepth[skipDepth.length - 1] === depth) skipDepth.pop();
      depth--;
      i++;
      continue;
    }
    const skipping = skipDepth.length > 0;
    if (ch === '\\') {
      const next = rtf[i + 1];
      if (next === "'") {
        if (!skipping) pending.push(parseInt(rtf.slice(i + 2, i + 4), 16));
        i += 4;
        continue;
      }
      flush();
      if (next === '\\' || next === '{' || next === '}') {
        if (!skipping) out += next;
        i += 2;
        continue;
      }
      const word = /^\\([a-z]+)(-?\d+)? ?/i.exec(rtf.slice(i, i + 40));
      if (!word) {
        i += 2;
        continue;
      }
      i += word[0].length;
      if (skipping) continue;
      const name = word[1]!;
      if (name === 'par' || name === 'line') out += '\n';
      else if (name === 'tab') out += '\t';
      else if (name === 'u' && word[2]) {
        const n = Number(word[2]);
        out += String.fromCharCode(n < 0 ? n + 65536 : n);
        if (rtf[i] === '?') i++;
      }
      continue;
    }
    flush();
    if (!skipping && ch !== '\r' && ch !== '\n') out += ch;
    i++;
  }
  flush();
  return out.replace(/\n{3,}/g, '\n\n').trim();
}
