/** Español: the bank back office: organization, cards, clients, terminals. */
import type { EN_PARTS } from '../en.js';

export const esOffice: Record<keyof typeof EN_PARTS.office, string> = {
};
