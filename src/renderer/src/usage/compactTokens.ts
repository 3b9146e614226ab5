// A token count in the header's short form. One form in every language: Chinese compact notation would write
// 1,192 as "1192" and 12,345 as "1.2万", so the same chat would read differently after a language switch; "1.2K"
// is how providers' pages and bills print token counts in both.
const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** 950 → "950", 1192 → "1.2K", 12345 → "12.3K", 2500000 → "2.5M". */
export function compactTokens(tokens: number): string {
  return COMPACT.format(tokens);
}
