/**
 * The long pseudo-locale: English with accented letters and every vowel doubled
 * (about 40% longer, like German at its worst), bracketed so a clipped or
 * untranslated string is seen at a glance. Only literal text changes: the
 * ICU arguments, plurals and selects are parsed and printed back intact.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'àà', e: 'éé', i: 'ïï', o: 'öö', u: 'ûû', y: 'ÿ', c: 'ç', n: 'ñ', s: 'š', z: 'ž',
  A: 'ÀÀ', E: 'ÉÉ', I: 'ÏÏ', O: 'ÖÖ', U: 'ÛÛ', C: 'Ç', N: 'Ñ', S: 'Š', Z: 'Ž',
};

export function pseudoText(text: string): string {
  return text.replace(/[a-zA-Z]/g, (ch) => ACCENTED[ch] ?? ch);
}

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: pseudoText(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: transform(o.value) }]));
      return { ...el, options };
    }
    if (el.type === TYPE.tag) return { ...el, children: transform(el.children) };
    return el;
  });
}

export function pseudoMessage(message: string): string {
  return `⟦${printAST(transform(parse(message)))}⟧`;
}

export function pseudoCatalog<K extends string>(catalog: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(catalog).map(([id, m]) => [id, pseudoMessage(m)])) as Record<K, string>;
}
