/**
 * The README's Layout table is what a new developer reads; layers.mjs is what lint applies.
 * They drifted once (a layer added to one and not the other), so this reads the table and
 * holds it to the allow-list row by row: the layers in the same order, what each may import,
 * and whether it may load Node and which guarded packages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GUARDED, LAYERS } from './layers.mjs';

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

interface Row { name: string; imports: string[]; node: boolean; packages: string[] }

/** The README's own definition of "every plain-Node layer", in its order. */
function plainNodeLayers(): string[] {
  const m = /\*Every plain-Node layer\* means ([^.]+)\./.exec(README.replace(/\s+/g, ' '));
  assert.ok(m?.[1], 'the README defines "every plain-Node layer"');
  return m[1].replace(/ and /g, ', ').split(',').map((s) => s.trim()).filter(Boolean);
}

function rows(): Row[] {
  const lines = README.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| layer · folder |'));
  assert.ok(start >= 0, 'the README has its Layout table');
  const plain = plainNodeLayers();
  const out: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [layer = '', , mayImport = '', loads = ''] = line.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, '').trim());
    const imports = mayImport === 'everything' ? ['*'] : mayImport === 'nothing else' ? [] : mayImport
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((s) => s.trim())
      .flatMap((s) => (s === 'every plain-Node layer' ? plain : [s]));
    const words = loads.split(',').map((s) => s.trim().replace(/`/g, ''));
    const packages = words.includes('all three') ? [...GUARDED] : words.filter((w) => GUARDED.includes(w));
    out.push({ name: layer.split(' · ')[0] ?? '', imports, node: words.includes('Node'), packages });
  }
  return out;
}

test('the README names every plain-Node layer that lint names', () => {
  const main = LAYERS.find((l) => l.name === 'core')?.imports.filter((n) => n !== 'shared') ?? [];
  assert.deepEqual([...plainNodeLayers()].sort(), [...main].sort());
});

test("the README's Layout table says what layers.mjs applies, row by row", () => {
  const table = rows();
  assert.deepEqual(table.map((r) => r.name), LAYERS.map((l) => l.name), 'the same layers in the same order');
  for (const layer of LAYERS) {
    const row = table.find((r) => r.name === layer.name);
    assert.ok(row);
    const own = (list: readonly string[]): string[] => [...new Set(list.filter((n) => n !== layer.name))].sort();
    assert.deepEqual(own(row.imports), own(layer.imports), `${layer.name}: what it may import`);
    assert.equal(row.node, layer.node, `${layer.name}: Node's built-in modules`);
    assert.deepEqual([...row.packages].sort(), [...(layer.packages ?? [])].sort(), `${layer.name}: guarded packages`);
  }
});
