import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildMetadata, emptyDraft, metadataBlocker, type MetadataDraft } from './metadata.js';
import { say, translator, type Words } from '../../../shared/i18n/translate.js';

const t = translator('en');

const draft = (patch: Partial<MetadataDraft>): MetadataDraft => ({ ...emptyDraft(), ...patch });

describe('buildMetadata', () => {
  test('an empty form gives an empty object of 2 bytes', () => {
    const built = buildMetadata(emptyDraft());
    assert.deepEqual(built.metadata, {});
    assert.equal(built.bytes, 2);
    assert.equal(built.maxBytes, 1024);
    assert.deepEqual(built.issues, []);
  });

  test('order reference and note go under fixed keys, trimmed; rows follow', () => {
    const built = buildMetadata(draft({
      orderReference: ' A-17 ',
      note: 'no ice',
      rows: [{ id: 'r1', key: 'table', value: '12' }, { id: 'r2', key: '', value: '' }],
    }));
    assert.deepEqual(built.metadata, { order_reference: 'A-17', note: 'no ice', table: '12' });
    assert.equal(built.bytes, new TextEncoder().encode(JSON.stringify(built.metadata)).length);
    assert.deepEqual(built.rowIssues, {});
  });

  test('bytes are UTF-8 bytes, not characters', () => {
    const built = buildMetadata(draft({ note: 'é' }));
    assert.equal(built.bytes, '{"note":"é"}'.length + 1);
  });

  test('a value without a name, a duplicate name and a reserved name are flagged per row', () => {
    const rows = [
      { id: 'a', key: '', value: 'x' },
      { id: 'b', key: 'table', value: '1' },
      { id: 'c', key: 'table', value: '2' },
      { id: 'd', key: 'note', value: 'y' },
    ];
    const built = buildMetadata(draft({ rows }));
    const words = (w: Words | null | undefined) => (w ? say(t, w) : '');
    assert.match(words(built.rowIssues.a), /name/);
    assert.equal(built.rowIssues.b, undefined);
    assert.match(words(built.rowIssues.c), /used twice/);
    assert.match(words(built.rowIssues.d), /note box/);
    assert.deepEqual(built.metadata, { table: '1' });
    assert.equal(words(metadataBlocker(built, rows)), 'Extra field 1: Give this field a name.');
    assert.equal(say(translator('fr'), metadataBlocker(built, rows)!), 'Champ 1\u00a0: Donnez un nom à ce champ.');
  });

  test('over 1024 bytes produces the shared too_long issue and a blocker', () => {
    const built = buildMetadata(draft({ note: 'x'.repeat(1020) }));
    assert.ok(built.bytes > 1024);
    assert.equal(built.issues[0]?.code, 'too_long');
    assert.equal(built.issues[0]?.pointer, '/metadata');
    // Bytes mean nothing at the till: the cashier is told what to shorten.
    assert.equal(say(t, metadataBlocker(built, [])!), 'Too much extra information — shorten the note or the fields.');
  });

  test('exactly 1024 bytes is allowed', () => {
    const overhead = '{"note":""}'.length;
    const built = buildMetadata(draft({ note: 'x'.repeat(1024 - overhead) }));
    assert.equal(built.bytes, 1024);
    assert.deepEqual(built.issues, []);
    assert.equal(metadataBlocker(built, []), null);
  });
});
