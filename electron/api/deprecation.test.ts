import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deprecationNotice, parseDeprecationHeader, successorFromLink } from './deprecation.js';
import { parseLinkHeader } from './link-header.js';
import { parseHttpDate, parseRetryAfter } from './http-date.js';

const SUNSET = Date.UTC(2026, 10, 15);

test('HTTP dates: IMF-fixdate and the two obsolete forms, nothing else', () => {
  assert.equal(parseHttpDate('Sun, 15 Nov 2026 00:00:00 GMT'), SUNSET);
  assert.equal(parseHttpDate('Sunday, 15-Nov-26 00:00:00 GMT'), SUNSET);
  assert.equal(parseHttpDate('Sun Nov 15 00:00:00 2026'), SUNSET);
  assert.equal(parseHttpDate('2026-11-15'), null);
  assert.equal(parseHttpDate('soon'), null);
});

test('Deprecation: RFC 9745 @seconds, and the older draft forms', () => {
  assert.deepEqual(parseDeprecationHeader('@1763164800'), { deprecated: true, since: 1763164800_000 });
  assert.deepEqual(parseDeprecationHeader('true'), { deprecated: true, since: null });
  assert.deepEqual(parseDeprecationHeader('Sat, 15 Nov 2025 00:00:00 GMT'), { deprecated: true, since: Date.UTC(2025, 10, 15) });
  assert.deepEqual(parseDeprecationHeader('1763164800'), { deprecated: false, since: null });
});

test('Link header: several links, quoted values with commas and semicolons, multiple rels', () => {
  const links = parseLinkHeader('<https://x.test/docs/migration>; rel="deprecation"; title="a, b; c", </v2/organization>; rel="successor-version latest"');
  assert.deepEqual(links, [
    { href: 'https://x.test/docs/migration', rels: ['deprecation'] },
    { href: '/v2/organization', rels: ['successor-version', 'latest'] },
  ]);
  assert.deepEqual(parseLinkHeader('<a>;rel=next,<b>; REL = "Prev"'), [{ href: 'a', rels: ['next'] }, { href: 'b', rels: ['prev'] }]);
  assert.deepEqual(parseLinkHeader('garbage'), []);
});

test('successor link is made absolute against the base URL', () => {
  assert.equal(successorFromLink('</v2/organization>; rel="successor-version"', 'http://127.0.0.1:4010'), 'http://127.0.0.1:4010/v2/organization');
  assert.equal(successorFromLink('<https://a.test/docs>; rel="deprecation"', 'http://h'), null);
  assert.equal(successorFromLink(undefined, 'http://h'), null);
});

test('a notice from Sunset + Deprecation + Link', () => {
  const headers = {
    sunset: 'Sun, 15 Nov 2026 00:00:00 GMT',
    deprecation: '@1763164800',
    link: '<https://docs.test/migration>; rel="deprecation", <http://h/v2/organization>; rel="successor-version"',
  };
  assert.deepEqual(deprecationNotice(headers, 'GET /v1/organizations/acme', 'http://h', 123), {
    route: 'GET /v1/organizations/acme',
    sunset: '2026-11-15T00:00:00.000Z',
    deprecatedSince: '2025-11-15T00:00:00.000Z',
    successor: 'http://h/v2/organization',
    seenAt: 123,
  });
});

test('no notice without Sunset or a readable Deprecation; Sunset alone is enough', () => {
  assert.equal(deprecationNotice({ 'content-type': 'application/json' }, 'GET /x', 'http://h', 0), null);
  assert.equal(deprecationNotice({ deprecation: 'nonsense' }, 'GET /x', 'http://h', 0), null);
  const notice = deprecationNotice({ sunset: 'not a date' }, 'GET /x', 'http://h', 0);
  assert.deepEqual(notice, { route: 'GET /x', sunset: null, deprecatedSince: null, successor: null, seenAt: 0 });
});

test('Retry-After: seconds or an HTTP date relative to now', () => {
  assert.equal(parseRetryAfter('7', 0), 7000);
  assert.equal(parseRetryAfter('Sun, 15 Nov 2026 00:00:30 GMT', SUNSET), 30_000);
  assert.equal(parseRetryAfter('Sun, 15 Nov 2026 00:00:00 GMT', SUNSET + 5000), 0);
  assert.equal(parseRetryAfter('later', 0), null);
  assert.equal(parseRetryAfter(undefined, 0), null);
});
