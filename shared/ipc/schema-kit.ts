/**
 * The few building blocks every IPC request schema is made of, with refusals
 * that name the field and say why, and the one way to run a schema. Text is
 * always measured before any pattern looks at it, and patterns are plain
 * checks that run in linear time, so a megabyte sent over IPC costs nothing.
 */
import * as v from 'valibot';
import { plainJsonIssue, IPC_LIMITS } from '../validation/plain-json.js';
import { invalid, valid, type FieldIssue, type Validated } from '../result.js';

/** Text within `max` characters (checked first), optionally at least `min`, optionally passing `ok`. */
export function text(field: string, max: number, opts: { min?: number; ok?: (s: string) => boolean; says?: string } = {}) {
  const { min = 0, ok = () => true, says = `${field} is not valid` } = opts;
  return v.pipe(
    v.string(`${field} must be text`),
    v.maxLength(max, (i) => `${field} is limited to ${max} characters (got ${i.received})`),
    v.minLength(min, min === 1 ? `${field} must not be empty` : `${field} needs at least ${min} characters`),
    v.check(ok, says),
  );
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What uuid() accepts, for a hand-written check (see quickly) to ask the same. */
export const isUuid = (s: string): boolean => s.length <= 36 && UUID_SHAPE.test(s);

/** An identifier the bank (or this app) issues as a UUID; nothing else can name a real terminal, card or client. */
export const uuid = (field: string) => text(field, 36, { ok: (s) => UUID_SHAPE.test(s), says: `${field} must be a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e` });

export function wholeNumber(field: string, min: number, max: number) {
  return v.pipe(
    v.number(`${field} must be a whole number`),
    v.safeInteger(`${field} must be a whole number`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(max, `${field} must be at most ${max}`),
  );
}

export const flag = (field: string) => v.boolean(`${field} must be true or false`);

export const oneOf = <const T extends readonly string[]>(field: string, allowed: T) =>
  v.picklist(allowed, `${field} must be one of: ${allowed.join(', ')}`);

export function listOf<S extends v.GenericSchema>(field: string, item: S, maxItems: number) {
  return v.pipe(
    v.array(item, `${field} must be a list`),
    v.maxLength(maxItems, `${field} accepts at most ${maxItems} items`),
  );
}

/** A request object: unknown keys are refused, so a typo never passes silently. */
export const request = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, 'the request must be a JSON object');

/** Absent, null or {}: requests that take no parameters. */
export const none = v.pipe(
  v.optional(v.nullable(v.strictObject({}, 'this request takes no parameters'))),
  v.transform((): void => undefined),
);

const pathItem = (key: string): v.ObjectPathItem => ({ type: 'object', origin: 'value', input: {}, key, value: undefined });
const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

type AddIssue = (info: { message: string; expected: string; path?: [v.ObjectPathItem, ...v.ObjectPathItem[]] }) => void;

/** Hands FieldIssues to valibot: the code travels in `expected`, the pointer (relative to the value checked) as the path. */
export function reportIssues(addIssue: AddIssue, issues: readonly FieldIssue[]): void {
  for (const issue of issues) {
    const keys = issue.pointer.split('/').filter(Boolean).map(unescape);
    addIssue({
      message: issue.detail,
      expected: issue.code,
      ...(keys.length ? { path: keys.map(pathItem) as [v.ObjectPathItem, ...v.ObjectPathItem[]] } : {}),
    });
  }
}

/** Runs a rule written as FieldIssues (shared with the renderer and the sandbox) inside a schema; pointers relative to the value. */
export function issuesOf<T>(rule: (value: T) => FieldIssue[]) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed) reportIssues(addIssue, rule(dataset.value));
  });
}

const CODES: Record<string, string> = {
  max_length: 'too_long', min_length: 'too_short', min_value: 'too_small', max_value: 'too_large', picklist: 'not_in_list',
};

const pointerOf = (issue: v.BaseIssue<unknown>): string =>
  issue.path?.length ? issue.path.map((p) => `/${String(p.key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') : '/';

/** One FieldIssue per valibot issue: a pointer, a stable code, a sentence, and the numbers a translation needs. */
export function toFieldIssue(issue: v.BaseIssue<unknown>): FieldIssue {
  const pointer = pointerOf(issue);
  const fullKey = issue.path?.length ? String(issue.path[issue.path.length - 1]!.key) : '';
  // A key is sender-chosen text: quoted in a sentence, it is cut short.
  const key = fullKey.length > 40 ? `${fullKey.slice(0, 40)}…` : fullKey;
  if (issue.type === 'strict_object' && issue.path?.length) {
    if (issue.expected === 'never') return { pointer, code: 'unknown_field', detail: `${key} is not a known field`, params: { field: key } };
    return { pointer, code: 'missing', detail: `${key} is required`, params: { field: key } };
  }
  if (issue.type === 'raw_check' || issue.type === 'raw_transform') return { pointer, code: issue.expected ?? 'invalid', detail: issue.message, ...(key ? { params: { field: key } } : {}) };
  const isArrayMax = issue.type === 'max_length' && Array.isArray(issue.input);
  const code = isArrayMax ? 'too_many' : CODES[issue.type] ?? 'invalid';
  const params: Record<string, string | number> = key ? { field: key } : {};
  if (typeof issue.requirement === 'number') params.limit = issue.requirement;
  return { pointer, code, detail: issue.message, params };
}

/** A hand-written check of a schema's everyday input: its output, or undefined to let the schema decide. */
export type QuickCheck<S extends v.GenericSchema> = (plainInput: unknown) => v.InferOutput<S> | undefined;
const quickChecks = new WeakMap<v.GenericSchema, QuickCheck<v.GenericSchema>>();

/**
 * Gives a schema on the cashier's critical path a hand-written check, tried once the input is known
 * to be small plain JSON. It must be sound, never complete: it accepts only what the schema accepts,
 * with the same output (its test proves this on generated input); anything else it leaves to the
 * schema, which also words every refusal. Returns the schema.
 */
export function quickly<S extends v.GenericSchema>(schema: S, check: QuickCheck<S>): S {
  quickChecks.set(schema, check);
  return schema;
}

/**
 * Validates an untrusted request: first that it is small plain JSON (no
 * recursion, so no stack overflow), then the schema (or its quick check), stopping each field's
 * checks at its first failure (a too-long text never reaches its pattern).
 */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const shape = plainJsonIssue(input, IPC_LIMITS);
  if (shape) return invalid([shape]);
  const quick = quickChecks.get(schema)?.(input);
  if (quick !== undefined) return valid(quick as v.InferOutput<S>);
  return validateBySchema(schema, input);
}

/** The schema alone on input known to be small plain JSON: what a quick check must agree with. */
export function validateBySchema<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return valid(result.output);
  return invalid(result.issues.map((i) => toFieldIssue(i)));
}
