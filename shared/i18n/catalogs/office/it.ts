/** Italiano: the bank back office: organization, cards, clients, terminals. */
import type { EN_PARTS } from '../en.js';

export const itOffice: Record<keyof typeof EN_PARTS.office, string> = {
};
