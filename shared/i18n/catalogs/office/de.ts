/** Deutsch: the bank back office: organization, cards, clients, terminals. */
import type { EN_PARTS } from '../en.js';

export const deOffice: Record<keyof typeof EN_PARTS.office, string> = {
};
