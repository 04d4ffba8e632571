/**
 * What must never be read on a translated screen: an English catalog message
 * the language words differently, or a raw code (a bank code, a field name as
 * code writes it, an HTTP status, a URL, an id). English messages are matched
 * by their literal parts (the text between ICU arguments), and a part that the
 * language's own catalog also uses (a cognate such as "Terminal" or "Visa") is
 * not English there.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { en } from '../../shared/i18n/catalogs/en.js';
import { CATALOGS } from '../../shared/i18n/catalogs/index.js';
import type { Language } from '../../shared/i18n/languages.js';

function literals(elements: MessageFormatElement[], into: string[] = []): string[] {
  let run = '';
  const flush = () => {
    if (run.trim()) into.push(run.trim());
    run = '';
  };
  for (const el of elements) {
    if (el.type === TYPE.literal) run += el.value;
    else {
      flush();
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) literals(o.value, into);
      if (el.type === TYPE.tag) literals(el.children, into);
    }
  }
  flush();
  return into;
}

const LETTERS = /\p{L}/gu;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English fragments worth looking for on a screen in that language. */
export function englishFragments(language: Language): { id: string; text: string; pattern: RegExp }[] {
  const own = Object.values(CATALOGS[language]).join('\n').toLowerCase();
  const out: { id: string; text: string; pattern: RegExp }[] = [];
  for (const [id, message] of Object.entries(en)) {
    if (CATALOGS[language][id as keyof typeof en] === message) continue;
    for (const text of new Set(literals(parse(message)))) {
      // Too short to be told from a name or a cognate ("Ref.", "of", "·").
      if ((text.match(LETTERS) ?? []).length < 4) continue;
      if (own.includes(text.toLowerCase())) continue;
      out.push({ id, text, pattern: new RegExp(`(^|[^\\p{L}])${escape(text)}($|[^\\p{L}])`, 'u') });
    }
  }
  return out;
}

/** Codes a person must never read: each with what it is. */
const CODES: { what: string; pattern: RegExp }[] = [
  { what: 'a URL', pattern: /\bhttps?:\/\/|\bwww\.\w/ },
  { what: 'a UUID', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i },
  { what: 'an HTTP status', pattern: /\bHTTP\b|\([1-5]\d\d\)|\b(?:[Ss]tatus|[Ss]tatut|[Ss]tato|[Ee]stado|[Cc]ode|[Cc]odice|[Cc]ódigo)\s*:?\s*[1-5]\d\d\b/ },
  { what: 'a code name (snake_case)', pattern: /\b[a-z]+_[a-z_]+\b/ },
  // Letters on both sides may be two words the page runs together ("ÜbungAktiv": a label and its badge).
  { what: 'a field name (camelCase)', pattern: /(?<!\p{L})[a-z]+[A-Z][a-zA-Z]*(?!\p{L})/u },
  { what: 'a field pointer or API path', pattern: /(^|\s)\/[a-z_0-9]+(\/|(?![\w.]))/ },
  { what: 'a bank payment-method code', pattern: /\b(cartebancaire|mastercard|amex|vpay)\b/ },
];

/**
 * Values a manager copies verbatim, not words: the sign-in return address
 * Settings asks to register at the bank.
 */
const VERBATIM = [/http:\/\/127\.0\.0\.1:\d+\/callback/g];

/** verbatim: values the screen must show as they are (a data folder an administrator has to find). */
export function leftovers(shown: string, fragments: ReturnType<typeof englishFragments>, verbatim: string[] = []): string[] {
  const text = verbatim.reduce((s, v) => s.split(v).join(' '), VERBATIM.reduce((s, v) => s.replace(v, ' '), shown));
  const found: string[] = [];
  for (const f of fragments) if (f.pattern.test(text)) found.push(`English "${f.text}" (${f.id})`);
  for (const c of CODES) {
    const m = c.pattern.exec(text);
    if (m) found.push(`${c.what}: "${text.slice(Math.max(0, m.index - 20), m.index + m[0].length + 20).replace(/\s+/g, ' ')}"`);
  }
  return found;
}
