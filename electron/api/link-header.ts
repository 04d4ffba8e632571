/**
 * The Link header (RFC 8288): `<uri>; rel="a b"; type="text/html", <uri2>; rel=c`.
 * A small tokenizer rather than a split on commas, because quoted parameter
 * values and URIs may themselves contain commas and semicolons.
 */
export interface LinkValue {
  href: string;
  /** Lower-cased relation types (a rel may list several, space-separated). */
  rels: string[];
}

export function parseLinkHeader(header: string): LinkValue[] {
  const links: LinkValue[] = [];
  let i = 0;
  const skip = (chars: string) => {
    while (i < header.length && chars.includes(header[i] ?? '')) i++;
  };
  while (i < header.length) {
    skip(' \t,');
    if (header[i] !== '<') break;
    const end = header.indexOf('>', i);
    if (end < 0) break;
    const href = header.slice(i + 1, end).trim();
    i = end + 1;
    const rels: string[] = [];
    for (skip(' \t'); header[i] === ';'; skip(' \t')) {
      i++;
      skip(' \t');
      const nameMatch = /^[^=;,\s]+/.exec(header.slice(i));
      const name = (nameMatch?.[0] ?? '').toLowerCase();
      i += name.length;
      skip(' \t');
      let value = '';
      if (header[i] === '=') {
        i++;
        skip(' \t');
        if (header[i] === '"') {
          for (i++; i < header.length && header[i] !== '"'; i++) value += header[i] === '\\' ? (header[++i] ?? '') : header[i];
          i++;
        } else {
          const token = /^[^;,]*/.exec(header.slice(i))?.[0] ?? '';
          value = token.trim();
          i += token.length;
        }
      }
      if (name === 'rel') rels.push(...value.toLowerCase().split(/\s+/).filter(Boolean));
    }
    links.push({ href, rels });
  }
  return links;
}
