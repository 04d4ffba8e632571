/** Deutsch: the payment journal, its totals, export, report and closing the day. */
import type { EN_PARTS } from '../en.js';

export const deHistory: Record<keyof typeof EN_PARTS.history, string> = {
};
