/** A start-up notice as an English manager reads it, for suites that check the words along with the kind. */
import type { SetupNotice } from '../ipc/types.js';
import { setupNoticeWords, type NoticeWords } from '../i18n/notice-words.js';
import { translator } from '../i18n/translate.js';

const en = translator('en');

export function englishNotice(notice: SetupNotice | undefined): NoticeWords & { detail: string } {
  if (!notice) return { title: '', lost: '', recover: '', detail: '' };
  return { ...setupNoticeWords(en, notice), detail: notice.detail };
}
