/** The section notes that explain unavailable actions: one note per reason, naming the buttons it covers. */
import { availability, type AccessView, type BackOfficeAction } from '../../../shared/domain/access.js';

export const ACTION_LABELS: Record<BackOfficeAction, string> = {
  viewCards: 'Cards', renameCard: 'Rename', restrictCard: 'Restrictions', lockCard: 'Lock', unlockCard: 'Unlock',
  reportCardLost: 'Report lost', viewClients: 'Clients', createClient: 'New client', viewOrganization: 'Organization',
  viewTerminals: 'Terminals',
};

export function accessNotes(access: AccessView, actions: readonly BackOfficeAction[]): { labels: string; reason: string }[] {
  const byReason = new Map<string, string[]>();
  for (const a of actions) {
    const can = availability(a, access);
    if (!can.ok) byReason.set(can.reason, [...(byReason.get(can.reason) ?? []), ACTION_LABELS[a]]);
  }
  return [...byReason].map(([reason, labels]) => ({ reason, labels: labels.join(', ') }));
}
