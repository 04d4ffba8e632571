/**
 * What a cashier calls a sale: the order reference typed before Charge, or,
 * without one, the first words of the note. The idempotency key is the bank's
 * handle for the payment, not the shop's, so screens show this instead and keep
 * the key as a technical detail for support.
 */
import type { JsonObject } from '../json.js';

/** The metadata keys the counter form writes (the bank stores them with the payment). */
export const ORDER_REFERENCE_KEY = 'order_reference';
export const NOTE_KEY = 'note';

/** A note is cut after this many words or characters, whichever comes first, always between words. */
const NOTE_WORDS = 6;
const NOTE_CHARS = 40;

export interface SaleReference {
  from: 'order' | 'note';
  text: string;
}

function text(metadata: JsonObject, key: string): string {
  const value = Object.hasOwn(metadata, key) ? metadata[key] : undefined;
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

/** The note's opening words, with an ellipsis when something was left out. */
export function firstWords(note: string): string {
  const words = note.split(' ').filter(Boolean);
  const kept: string[] = [];
  for (const w of words.slice(0, NOTE_WORDS)) {
    const next = [...kept, w].join(' ');
    if (next.length > NOTE_CHARS && kept.length > 0) break;
    kept.push(w);
  }
  const shown = kept.join(' ');
  // A single very long word is cut by characters: nothing better exists between words.
  const clipped = shown.length > NOTE_CHARS ? shown.slice(0, NOTE_CHARS) : shown;
  if (clipped.length >= words.join(' ').length) return clipped;
  // "Dupont,…" reads as a typo: the cut drops the punctuation it falls after.
  return `${clipped.replace(/[\s,;:.!?-]+$/u, '')}…`;
}

/** The sale's reference, or null when the cashier typed neither an order reference nor a note. */
export function saleReference(metadata: JsonObject): SaleReference | null {
  const order = text(metadata, ORDER_REFERENCE_KEY);
  if (order) return { from: 'order', text: order };
  const note = text(metadata, NOTE_KEY);
  return note ? { from: 'note', text: firstWords(note) } : null;
}
