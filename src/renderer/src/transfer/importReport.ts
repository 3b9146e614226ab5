// What an import says in the status notice: how many chats came in, which did not and why, and per chat what was
// left out of it (pictures not in the export, tool outputs, unreadable messages). Anything not imported or left out
// makes it a notice that stays until dismissed: it is a list to read, not a confirmation.
import type { ImportResult, LeftOut } from '../../../shared/transfer';
import type { StringKey, Vars } from '../i18n';

type Translate = (key: StringKey, vars?: Vars) => string;
export type ImportReport = { tone: 'info' | 'error'; text: string };

const LEFT_OUT_KEYS: ReadonlyArray<[keyof LeftOut, StringKey, StringKey]> = [
  ['pictures', 'transfer.leftOut.picture', 'transfer.leftOut.pictures'],
  ['toolOutputs', 'transfer.leftOut.toolOutput', 'transfer.leftOut.toolOutputs'],
  ['unreadable', 'transfer.leftOut.unreadableOne', 'transfer.leftOut.unreadable'],
];

/** The notice for a finished (not cancelled) import. */
export function importReport(result: Extract<ImportResult, { cancelled: false }>, t: Translate): ImportReport {
  const { imported, failed, fileName: file } = result;
  const failures = failed.map((failure) => t('transfer.failure', { title: failure.title, reason: failure.reason })).join('; ');
  let text: string;
  if (imported.length === 0) text = t('transfer.importedNone', { file, failures });
  else if (failed.length)
    text = t('transfer.importedSome', { file, count: imported.length, total: imported.length + failed.length, failures });
  else if (imported.length === 1) text = t('transfer.importedOne', { file, name: imported[0]!.name });
  else text = t('transfer.imported', { file, count: imported.length });
  const leftOut = imported.flatMap((chat) => {
    const items = leftOutItems(chat.leftOut, t);
    return items ? [t('transfer.leftOut.chat', { title: chat.name, items })] : [];
  });
  if (leftOut.length) text += t('transfer.leftOut', { chats: leftOut.join(t('transfer.leftOut.chatSeparator')) });
  return { tone: failed.length || leftOut.length ? 'error' : 'info', text };
}

/** "2 pictures not in the export …, 3 tool outputs …" for one chat, or '' when nothing was left out of it. */
function leftOutItems(leftOut: LeftOut | undefined, t: Translate): string {
  if (!leftOut) return '';
  return LEFT_OUT_KEYS.filter(([field]) => leftOut[field] > 0)
    .map(([field, one, many]) => (leftOut[field] === 1 ? t(one) : t(many, { count: leftOut[field] })))
    .join(t('transfer.leftOut.itemSeparator'));
}
