/**
 * Small readers for untrusted input (renderer payloads, disk, network). Each
 * pushes a FieldIssue instead of throwing, so one pass reports every problem.
 */
import type { FieldIssue } from '../result.js';
import { isPlainObject } from '../json.js';

export class Reader {
  readonly issues: FieldIssue[] = [];

  /** params: what a translation needs to word it (a limit, a country). */
  issue(pointer: string, code: string, detail: string, params?: Record<string, string | number>): void {
    this.issues.push({ pointer, code, detail, ...(params ? { params } : {}) });
  }

  object(value: unknown, pointer = ''): Record<string, unknown> | undefined {
    if (isPlainObject(value)) return value;
    this.issue(pointer || '/', 'invalid', 'must be a JSON object');
    return undefined;
  }

  string(obj: Record<string, unknown>, key: string, opts: { required?: boolean; max?: number; min?: number; pointer?: string } = {}): string | undefined {
    const v = obj[key];
    // The pointer is built only for an issue: journal records are read field by field on every write.
    const at = (): string => opts.pointer ?? `/${key}`;
    if (v === undefined || v === null) {
      if (opts.required) this.issue(at(), 'missing', `${key} is required`);
      return undefined;
    }
    if (typeof v !== 'string') {
      this.issue(at(), 'invalid', `${key} must be text`);
      return undefined;
    }
    if (opts.min !== undefined && v.length < opts.min) this.issue(at(), 'too_short', `${key} needs at least ${opts.min} characters`);
    if (opts.max !== undefined && v.length > opts.max) this.issue(at(), 'too_long', `${key} is limited to ${opts.max} characters (got ${v.length})`);
    return v;
  }

  integer(obj: Record<string, unknown>, key: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const v = obj[key];
    if (v === undefined || v === null) {
      if (opts.required) this.issue(`/${key}`, 'missing', `${key} is required`);
      return undefined;
    }
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
      this.issue(`/${key}`, 'invalid', `${key} must be a whole number`);
      return undefined;
    }
    if (opts.min !== undefined && v < opts.min) this.issue(`/${key}`, 'too_small', `${key} must be at least ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) this.issue(`/${key}`, 'too_large', `${key} must be at most ${opts.max}`);
    return v;
  }

  boolean(obj: Record<string, unknown>, key: string, opts: { required?: boolean } = {}): boolean | undefined {
    const v = obj[key];
    if (v === undefined) {
      if (opts.required) this.issue(`/${key}`, 'missing', `${key} is required`);
      return undefined;
    }
    if (typeof v !== 'boolean') {
      this.issue(`/${key}`, 'invalid', `${key} must be true or false`);
      return undefined;
    }
    return v;
  }

  oneOf<T extends string>(obj: Record<string, unknown>, key: string, allowed: readonly T[], opts: { required?: boolean } = {}): T | undefined {
    const s = this.string(obj, key, opts);
    if (s === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(s)) {
      this.issue(`/${key}`, 'not_in_list', `${key} must be one of: ${allowed.join(', ')}`);
      return undefined;
    }
    return s as T;
  }

  stringArray(obj: Record<string, unknown>, key: string, opts: { allowed?: readonly string[]; maxItems?: number } = {}): string[] | undefined {
    const v = obj[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      this.issue(`/${key}`, 'invalid', `${key} must be a list of text values`);
      return undefined;
    }
    if (opts.maxItems !== undefined && v.length > opts.maxItems) this.issue(`/${key}`, 'too_many', `${key} accepts at most ${opts.maxItems} items`);
    if (opts.allowed) {
      v.forEach((x: string, i) => {
        if (!opts.allowed!.includes(x)) this.issue(`/${key}/${i}`, 'not_in_list', `"${x}" is not one of: ${opts.allowed!.join(', ')}`);
      });
    }
    return v as string[];
  }

  /** Rejects keys the schema does not know, so a typo never passes silently. */
  noExtraKeys(obj: Record<string, unknown>, known: readonly string[] | ReadonlySet<string>, prefix = ''): void {
    const has = Array.isArray(known) ? (k: string) => known.includes(k) : (k: string) => (known as ReadonlySet<string>).has(k);
    for (const k of Object.keys(obj)) {
      if (!has(k)) this.issue(`${prefix}/${k}`, 'unknown_field', `${k} is not a known field`);
    }
  }
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UUID_V4_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
