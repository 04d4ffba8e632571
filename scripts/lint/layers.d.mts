import type { Layer } from './process-boundaries.mjs';

export const GUARDED: string[];
export const LAYERS: Layer[];
