import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildMetadata, emptyDraft, metadataBlocker, type MetadataDraft } from './metadata.js';

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
    assert.match(built.rowIssues.a ?? '', /name/);
    assert.equal(built.rowIssues.b, undefined);
    assert.match(built.rowIssues.c ?? '', /used twice/);
    assert.match(built.rowIssues.d ?? '', /Note box/);
    assert.deepEqual(built.metadata, { table: '1' });
    assert.equal(metadataBlocker(built, rows), 'Field 1: Give this field a name.');
  });

  test('over 1024 bytes produces the shared too_long issue and a blocker', () => {
    const built = buildMetadata(draft({ note: 'x'.repeat(1020) }));
    assert.ok(built.bytes > 1024);
    assert.equal(built.issues[0]?.code, 'too_long');
    assert.equal(built.issues[0]?.pointer, '/metadata');
    assert.match(metadataBlocker(built, []) ?? '', /\d+ of 1024 bytes/);
  });

  test('exactly 1024 bytes is allowed', () => {
    const overhead = '{"note":""}'.length;
    const built = buildMetadata(draft({ note: 'x'.repeat(1024 - overhead) }));
    assert.equal(built.bytes, 1024);
    assert.deepEqual(built.issues, []);
    assert.equal(metadataBlocker(built, []), null);
  });
});
