// Cutting a token list at text offsets, using the `raw` text marked keeps on every token (the raws of the top-level
// tokens, and of a list's items, add up to exactly the text that was lexed).
import type { Token, Tokens } from 'marked';

/** Consecutive tokens that render as one block. */
export interface TokenGroup {
  /** Offset of the group's first character, relative to the lexed text. */
  start: number;
  tokens: Token[];
}

/**
 * Splits `tokens` at those of `cuts` (ascending offsets relative to the lexed text) that fall exactly between two
 * top-level tokens; with `splitLists`, also between two items of a list (the list then renders as two lists, which
 * is only good enough for display). Cuts that fall anywhere else are ignored. Returns at least one group.
 */
export function splitTokens(tokens: readonly Token[], cuts: readonly number[], splitLists = false): TokenGroup[] {
  const groups: TokenGroup[] = [{ start: 0, tokens: [] }];
  let current = groups[0] as TokenGroup;
  let next = 0;
  const startGroup = (at: number): void => {
    current = { start: at, tokens: [] };
    groups.push(current);
  };
  let offset = 0;
  for (const token of tokens) {
    const end = offset + token.raw.length;
    while (next < cuts.length && (cuts[next] as number) <= offset) {
      if (cuts[next] === offset && offset > current.start) startGroup(offset);
      next++;
    }
    if (splitLists && token.type === 'list' && next < cuts.length && (cuts[next] as number) < end) {
      const list = token as Tokens.List;
      let items: Tokens.ListItem[] = [];
      let itemOffset = offset;
      let firstIndex = 0;
      list.items.forEach((item, index) => {
        while (next < cuts.length && (cuts[next] as number) <= itemOffset) {
          if (cuts[next] === itemOffset && items.length > 0) {
            current.tokens.push(listPart(list, items, firstIndex));
            startGroup(itemOffset);
            items = [];
            firstIndex = index;
          }
          next++;
        }
        items.push(item);
        itemOffset += item.raw.length;
      });
      if (items.length > 0) current.tokens.push(listPart(list, items, firstIndex));
    } else {
      current.tokens.push(token);
    }
    offset = end;
  }
  return groups;
}

/** Part of a list split for display: `continued` when items come before it, `continues` when items follow it. */
interface ListPart extends Tokens.List {
  continued: boolean;
  continues: boolean;
}

/** Whether a group of tokens starts with the rest of a list split before it, or ends with a list split after it. */
export interface ListJoins {
  previous: boolean;
  next: boolean;
}

/** The list joins of a group's tokens (undefined when it has none). */
export function listJoins(tokens: readonly Token[]): ListJoins | undefined {
  const previous = (tokens[0] as Partial<ListPart> | undefined)?.continued === true;
  const next = (tokens.at(-1) as Partial<ListPart> | undefined)?.continues === true;
  return previous || next ? { previous, next } : undefined;
}

function listPart(list: Tokens.List, items: Tokens.ListItem[], firstIndex: number): Tokens.List {
  if (firstIndex === 0 && items.length === list.items.length) return list;
  const start = list.ordered && typeof list.start === 'number' ? list.start + firstIndex : list.start;
  const part: ListPart = {
    ...list,
    start,
    items,
    raw: items.map((item) => item.raw).join(''),
    continued: firstIndex > 0,
    continues: firstIndex + items.length < list.items.length,
  };
  return part;
}
