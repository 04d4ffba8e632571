/** Deutsch: notices, alerts and setup messages outside the other areas. */
import type { EN_PARTS } from '../en.js';

export const deNotices: Record<keyof typeof EN_PARTS.notices, string> = {
};
