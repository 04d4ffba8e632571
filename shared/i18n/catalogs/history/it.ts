/** Italiano: the payment journal, its totals, export, report and closing the day. */
import type { EN_PARTS } from '../en.js';

export const itHistory: Record<keyof typeof EN_PARTS.history, string> = {
};
