/**
 * Asking for a shift summary (X report): a day (absent: today on the register's clock) and a
 * person (absent: the person at the counter). Kept apart from requests.ts, which is full.
 */
import * as v from 'valibot';
import { request } from './schema-kit.js';
import { day, personKeyText } from './requests.js';

export const shiftQuery = request({
  day: v.optional(day('day')),
  person: v.optional(personKeyText('person')),
});
export type ShiftQuery = v.InferOutput<typeof shiftQuery>;
