/**
 * A start-up notice in words: its title, what was lost and how to recover,
 * from its kind and values. One function so the screens, the tests and any
 * other reader word a notice the same way.
 */
import type { MessageId } from './catalogs/en.js';
import type { SetupNotice, SetupNoticeKind } from '../ipc/types.js';
import type { Translate } from './translate.js';

const WORDS: Record<SetupNoticeKind, { title: MessageId; lost: MessageId; recover: MessageId }> = {
  environments_unreadable: {
    title: 'setup.environments_unreadable.title', lost: 'setup.environments_unreadable.lost', recover: 'setup.environments_unreadable.recover',
  },
  environment_choice_lost: {
    title: 'setup.environment_choice_lost.title', lost: 'setup.environment_choice_lost.lost', recover: 'setup.environment_choice_lost.recover',
  },
  environments_missing: {
    title: 'setup.environments_missing.title', lost: 'setup.environments_missing.lost', recover: 'setup.environments_missing.recover',
  },
  bank_settings_dropped: {
    title: 'setup.bank_settings_dropped.title', lost: 'setup.bank_settings_dropped.lost', recover: 'setup.bank_settings_dropped.recover',
  },
  manager_pin_unreadable: { title: 'setup.manager_pin_unreadable.title', lost: 'setup.manager_pin_unreadable.lost', recover: 'setup.pin.recover' },
  manager_pin_missing: { title: 'setup.manager_pin_missing.title', lost: 'setup.manager_pin_missing.lost', recover: 'setup.pin.recover' },
  register_reset: { title: 'setup.register_reset.title', lost: 'setup.register_reset.lost', recover: 'setup.register_reset.recover' },
  register_copied: { title: 'setup.register_copied.title', lost: 'setup.register_copied.lost', recover: 'setup.register_copied.recover' },
  journal_file_missing: {
    title: 'setup.journal_file_missing.title', lost: 'setup.journal_file_missing.lost', recover: 'setup.journal_file_missing.recover',
  },
  journal_unavailable: {
    title: 'setup.journal_unavailable.title', lost: 'setup.journal_unavailable.lost', recover: 'setup.journal_unavailable.recover',
  },
  journal_chain_broken: {
    title: 'setup.journal_chain_broken.title', lost: 'setup.journal_chain_broken.lost', recover: 'setup.journal_chain_broken.recover',
  },
  register_key_changed: {
    title: 'setup.register_key_changed.title', lost: 'setup.register_key_changed.lost', recover: 'setup.register_key_changed.recover',
  },
  register_key_unavailable: {
    title: 'setup.register_key_unavailable.title', lost: 'setup.register_key_unavailable.lost', recover: 'setup.register_key_unavailable.recover',
  },
};

export interface NoticeWords {
  title: string;
  lost: string;
  recover: string;
}

export function setupNoticeWords(t: Translate, notice: SetupNotice): NoticeWords {
  const words = Object.hasOwn(WORDS, notice.kind) ? WORDS[notice.kind] : WORDS.environments_unreadable;
  const p = notice.params;
  const lost = t(words.lost, p);
  // A damaged file set aside says where it went (or that it could not be moved).
  const kept = p.kept === undefined ? '' : p.kept ? t('setup.kept', { file: p.kept }) : t('setup.keptNone');
  return { title: t(words.title, p), lost: kept ? `${lost} ${kept}` : lost, recover: t(words.recover, p) };
}
