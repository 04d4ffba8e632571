/** The section notes that explain unavailable actions: one note per reason, naming the buttons it covers, in the screen's language. */
import { availability, type AccessView, type Availability, type BackOfficeAction } from '../../../shared/domain/access.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';
import { scopeWord } from './scope-words.js';

export const ACTION_LABELS: Record<BackOfficeAction, MessageId> = {
  viewCards: 'office.action.viewCards', renameCard: 'office.action.renameCard', restrictCard: 'office.action.restrictCard',
  lockCard: 'office.action.lockCard', unlockCard: 'office.action.unlockCard', reportCardLost: 'office.action.reportCardLost',
  viewClients: 'office.action.viewClients', createClient: 'office.action.createClient', viewOrganization: 'office.action.viewOrganization',
  viewTerminals: 'office.action.viewTerminals',
};

/** Why an action is not offered, in the screen's language; the same availability the main process enforces. */
export function availabilityIn(t: Translate, can: Availability): Availability {
  if (can.ok) return can;
  if (can.why === 'signed_out') return { ...can, reason: t('office.access.signedOut') };
  if (can.why === 'employee') return { ...can, reason: t('office.access.employee') };
  if (can.why === 'unconfirmed') return { ...can, reason: t('office.access.unconfirmed') };
  return { ...can, reason: t('office.access.scopeMissing', { what: scopeWord(t, can.scope) }) };
}

export const canIn = (t: Translate, action: BackOfficeAction, access: AccessView): Availability => availabilityIn(t, availability(action, access));

export function accessNotes(t: Translate, access: AccessView, actions: readonly BackOfficeAction[]): { labels: string; reason: string }[] {
  const byReason = new Map<string, string[]>();
  for (const a of actions) {
    const can = canIn(t, a, access);
    if (!can.ok) byReason.set(can.reason, [...(byReason.get(can.reason) ?? []), t(ACTION_LABELS[a])]);
  }
  return [...byReason].map(([reason, labels]) => ({ reason, labels: labels.join(', ') }));
}
