// What an import says in its report: how many chats came in (of how many, when it was cancelled or stopped part way —
// the chats imported are kept), which did not and why, and per chat what was left out of it (pictures not in the
// export, tool outputs, unreadable messages). A file of 20,000 chats may have thousands of each: the first few are
// named, the rest counted. Anything not imported or left out, or an import that stopped on its own, makes it a report
// that stays until dismissed: it is a list to read, not a confirmation.
import type { ImportResult, LeftOut } from '../../../shared/transfer';
import type { StringKey, Vars } from '../i18n';

type Translate = (key: StringKey, vars?: Vars) => string;
export type ImportReport = { tone: 'info' | 'error'; text: string };

/** Chats named in a list of failures or of what was left out; the others are counted. */
export const NAMED_IN_REPORT = 5;

const LEFT_OUT_KEYS: ReadonlyArray<[keyof LeftOut, StringKey, StringKey]> = [
  ['pictures', 'transfer.leftOut.picture', 'transfer.leftOut.pictures'],
  ['toolOutputs', 'transfer.leftOut.toolOutput', 'transfer.leftOut.toolOutputs'],
  ['unreadable', 'transfer.leftOut.unreadableOne', 'transfer.leftOut.unreadable'],
];

/** Counts as the window writes them, the same in both languages ("2,000"). */
const count = (n: number) => n.toLocaleString('en');

/** The report of a finished (not cancelled at its dialog) import. */
export function importReport(result: Extract<ImportResult, { cancelled: false }>, t: Translate): ImportReport {
  const { imported, failed, fileName: file, stopped } = result;
  const named = failed.slice(0, NAMED_IN_REPORT).map((failure) => t('transfer.failure', { title: failure.title, reason: failure.reason }));
  const failures =
    named.join('; ') + (failed.length > named.length ? t('transfer.moreFailures', { count: count(failed.length - named.length) }) : '');
  const total = count(result.total);
  let text: string;
  if (stopped) {
    const vars = { file, count: count(imported.length), total };
    if (imported.length === 0) text = t(stopped === 'cancelled' ? 'transfer.cancelledNone' : 'transfer.stoppedNone', vars);
    else text = t(stopped === 'cancelled' ? 'transfer.cancelledSome' : 'transfer.stoppedSome', vars);
    if (failed.length) text += t('transfer.notImported', { failures });
  } else if (imported.length === 0) text = t('transfer.importedNone', { file, failures });
  else if (failed.length) text = t('transfer.importedSome', { file, count: count(imported.length), total, failures });
  else if (imported.length === 1) text = t('transfer.importedOne', { file, name: imported[0]!.name });
  else text = t('transfer.imported', { file, count: count(imported.length) });
  const leftOut = imported.flatMap((chat) => {
    const items = leftOutItems(chat.leftOut, t);
    return items ? [t('transfer.leftOut.chat', { title: chat.name, items })] : [];
  });
  if (leftOut.length) {
    const shown = leftOut.slice(0, NAMED_IN_REPORT).join(t('transfer.leftOut.chatSeparator'));
    const more = leftOut.length > NAMED_IN_REPORT ? t('transfer.leftOut.more', { count: count(leftOut.length - NAMED_IN_REPORT) }) : '';
    text += t('transfer.leftOut', { chats: shown + more });
  }
  return { tone: failed.length || leftOut.length || stopped === 'failed' ? 'error' : 'info', text };
}

/** "2 pictures not in the export …, 3 tool outputs …" for one chat, or '' when nothing was left out of it. */
function leftOutItems(leftOut: LeftOut | undefined, t: Translate): string {
  if (!leftOut) return '';
  return LEFT_OUT_KEYS.filter(([field]) => leftOut[field] > 0)
    .map(([field, one, many]) => (leftOut[field] === 1 ? t(one) : t(many, { count: leftOut[field] })))
    .join(t('transfer.leftOut.itemSeparator'));
}
