import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { say, translator } from '../../../shared/i18n/translate.js';
import { bannerOf } from './environment-banner.js';

describe('the environment band', () => {
  test('production names the organization and says live, in the screen language', () => {
    const live = bannerOf('production', 'Boulangerie Martin');
    assert.equal(live.kind, 'live');
    assert.equal(say(translator('fr'), live.words), 'Boulangerie Martin · en réel');
    assert.equal(say(translator('en'), live.words), 'Boulangerie Martin · live');
    // Before the organization is known (signing in), it still says which world this is.
    assert.equal(say(translator('de'), bannerOf('production', null).words), 'Live');
  });
  test('training, the sandbox and a closed counter keep their loud bands', () => {
    assert.deepEqual(['training', 'sandbox', null].map((e) => bannerOf(e as 'training' | 'sandbox' | null, 'Org').kind), ['training', 'sandbox', 'none']);
  });
});
