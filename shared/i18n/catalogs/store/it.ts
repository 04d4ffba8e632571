/** Italiano: store mode: the store connection in Settings and its notices at the counter. */
import type { EN_PARTS } from '../en.js';

export const itStore: Record<keyof typeof EN_PARTS.store, string> = {
};
