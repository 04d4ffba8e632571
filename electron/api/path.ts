/** Path building for ids that come from the renderer or from bank responses. */
import { ValidationError } from './validation-error.js';

/**
 * One encoded path segment. Empty, "." and ".." are refused because URL
 * normalisation would turn /v2/cards/../organization into another route.
 */
export function segment(id: unknown, what: string): string {
  if (typeof id !== 'string' || id.trim() === '' || id === '.' || id === '..') {
    throw new ValidationError(`the request for ${what}`, [
      { pointer: '/id', code: 'invalid', detail: `The ${what} id must be a non-empty identifier.` },
    ]);
  }
  return encodeURIComponent(id);
}
