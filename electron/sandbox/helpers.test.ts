import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { detachedClock } from '../../shared/clock.js';
import type { Card } from '../../shared/domain/bank.js';
import { UUID_V4_RE } from '../../shared/validation/read.js';
import { SANDBOX_MEMBERSHIPS, SANDBOX_ORGS, SANDBOX_TERMINALS, startSandbox } from './index.js';
import { seedUuid } from './seed-ids.js';
import { call, sharedSandbox, T0, tokenFor, type ErrorBody } from './testing/test-support.js';

const fixture = sharedSandbox();

type TokenReply = { access_token: string; token_type: string; expires_in: number } & ErrorBody;

describe('POST /__sandbox/tokens', () => {
  test('mints a bearer token for the organization and role, with all scopes by default', async () => {
    const res = await call<TokenReply>(fixture.sb, '/__sandbox/tokens', { body: { organization: 'it', role: 'admin' } });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'token_type']);
    assert.deepEqual([res.body.token_type, res.body.expires_in], ['bearer', 3600]);
    const org = await call<{ organization: { id: string } }>(fixture.sb, '/v2/organization', { token: res.body.access_token });
    assert.equal(org.body.organization.id, SANDBOX_ORGS.it.id);
  });

  test('restricted scopes are honoured', async () => {
    const { body } = await call<TokenReply>(fixture.sb, '/__sandbox/tokens', { body: { organization: 'fr', role: 'owner', scopes: ['card.read'] } });
    assert.equal((await call(fixture.sb, '/v2/cards', { token: body.access_token })).status, 200);
    assert.equal((await call(fixture.sb, '/v2/terminals', { token: body.access_token })).status, 403);
  });

  test('bad input: 400 with a clear message', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ organization: 'de', role: 'owner' }, /organization must be one of: fr, it/],
      [{ organization: 'fr', role: 'boss' }, /role must be one of/],
      [{ organization: 'fr', role: 'owner', scopes: 'card.read' }, /scopes must be a list/],
      [{ organization: 'fr', role: 'owner', scopes: ['card.fly'] }, /unknown scopes: card\.fly/],
      ['not json', /JSON/],
    ];
    for (const [body, message] of cases) {
      const res = await call<ErrorBody>(fixture.sb, '/__sandbox/tokens', { body });
      assert.equal(res.status, 400);
      assert.match(res.body.errors[0]!.detail, message);
    }
    assert.throws(() => fixture.sb.mintToken({ organization: 'xx' as 'fr', role: 'owner' }), /organization must be one of/);
  });
});

describe('POST /__sandbox/clock', () => {
  test('set (also backwards) and advance', async () => {
    const set = await call<{ now: string }>(fixture.sb, '/__sandbox/clock', { body: { now: '2026-11-15T00:00:00Z' } });
    assert.deepEqual(set.body, { now: '2026-11-15T00:00:00.000Z' });
    assert.equal(fixture.sb.clock.now(), Date.UTC(2026, 10, 15));
    assert.equal((await call<{ now: string }>(fixture.sb, '/__sandbox/clock', { body: { advance_ms: 1500 } })).body.now, '2026-11-15T00:00:01.500Z');
    assert.equal((await call<{ now: string }>(fixture.sb, '/__sandbox/clock', { body: { now: '2026-01-01T00:00:00Z' } })).body.now, '2026-01-01T00:00:00.000Z');
  });

  test('a sandbox on a real clock (training) refuses to move it: 409, and its time goes on', async () => {
    const sb = await startSandbox({ clock: detachedClock() });
    try {
      const before = sb.clock.now();
      const res = await call<ErrorBody>(sb, '/__sandbox/clock', { body: { advance_ms: 3_600_000 } });
      assert.equal(res.status, 409);
      assert.match(res.body.errors[0]!.detail, /real clock/);
      assert.ok(sb.clock.now() - before < 60_000);
    } finally {
      await sb.close();
    }
  });

  test('bad input: 400', async () => {
    for (const body of [{}, { now: 'soon' }, { advance_ms: -1 }, { advance_ms: 1.5 }, { now: '2026-01-01T00:00:00Z', advance_ms: 1 }]) {
      assert.equal((await call(fixture.sb, '/__sandbox/clock', { body })).status, 400, JSON.stringify(body));
    }
  });
});

describe('terminals, payments and reset helpers', () => {
  type Entry = { id: string; organization: string; mode: string; delay_ms: number; tip_amount: string | null; reason: string | null; busy: string | null };
  const plain = { tip_amount: null, reason: null, busy: null };

  test('GET /__sandbox/terminals lists each terminal with its behaviour', async () => {
    const { body } = await call<{ terminals: Entry[] }>(fixture.sb, '/__sandbox/terminals');
    const fr = body.terminals.filter((t) => t.organization === 'fr');
    assert.ok(fr.length >= 5);
    const byId = new Map(body.terminals.map((t) => [t.id, t]));
    assert.deepEqual(byId.get(SANDBOX_TERMINALS.fr.approve), { id: SANDBOX_TERMINALS.fr.approve, organization: 'fr', mode: 'approve', delay_ms: 3000, ...plain });
    assert.equal(byId.get(SANDBOX_TERMINALS.fr.refuse)?.reason, 'insufficient_funds');
    assert.deepEqual(byId.get(SANDBOX_TERMINALS.fr.slow)?.delay_ms, 90_000);
    assert.deepEqual(byId.get(SANDBOX_TERMINALS.it.offline)?.mode, 'offline');
  });

  test('PUT behaviour validates and returns the new entry', async () => {
    const path = `/__sandbox/terminals/${SANDBOX_TERMINALS.fr.approve}/behaviour`;
    const res = await call<Entry>(fixture.sb, path, { method: 'PUT', body: { mode: 'offline', delay_ms: 0 } });
    assert.deepEqual(res.body, { id: SANDBOX_TERMINALS.fr.approve, organization: 'fr', mode: 'offline', delay_ms: 0, ...plain });
    assert.equal((await call(fixture.sb, path, { method: 'PUT', body: { mode: 'explode' } })).status, 400);
    assert.equal((await call(fixture.sb, path, { method: 'PUT', body: { mode: 'approve', delay_ms: -5 } })).status, 400);
    assert.equal((await call(fixture.sb, '/__sandbox/terminals/nope/behaviour', { method: 'PUT', body: { mode: 'approve' } })).status, 404);
  });

  test('GET /__sandbox/terminal_payments shows every payment with key, organization and status', async () => {
    const token = tokenFor(fixture.sb, 'fr', 'owner');
    await call(fixture.sb, `/v2/terminals/${SANDBOX_TERMINALS.fr.refuse}/payment`, {
      token,
      body: { amount: { value: '2.50', currency: 'EUR' }, metadata: { n: 1 } },
      headers: { 'X-Service-Idempotency-Key': 'k-1' },
    });
    fixture.sb.clock.advance(3000);
    const { body } = await call<{ terminal_payments: Array<Record<string, unknown>> }>(fixture.sb, '/__sandbox/terminal_payments');
    assert.equal(body.terminal_payments.length, 1);
    assert.deepEqual(
      { ...body.terminal_payments[0], id: undefined },
      { id: undefined, terminal_id: SANDBOX_TERMINALS.fr.refuse, organization: 'fr', idempotency_key: 'k-1', amount: { value: '2.50', currency: 'EUR' }, metadata: { n: 1 }, status: 'REFUSED', created_at: new Date(T0).toISOString() },
    );
  });

  test('POST /__sandbox/reset restores the seed and forgets tokens and payments', async () => {
    const token = tokenFor(fixture.sb, 'fr', 'owner');
    const card = (await call<{ cards: Card[] }>(fixture.sb, '/v2/cards?per_page=1', { token })).body.cards[0]!;
    await call(fixture.sb, `/v2/cards/${card.id}/nickname`, { method: 'PATCH', token, body: { card: { nickname: 'Changed' } } });
    await call(fixture.sb, `/__sandbox/terminals/${SANDBOX_TERMINALS.fr.approve}/behaviour`, { method: 'PUT', body: { mode: 'refuse' } });
    assert.deepEqual((await call(fixture.sb, '/__sandbox/reset', { body: {} })).body, { reset: true });
    assert.equal((await call(fixture.sb, '/v2/cards', { token })).status, 401);
    const fresh = tokenFor(fixture.sb, 'fr', 'owner');
    const again = (await call<{ cards: Card[] }>(fixture.sb, `/v2/cards?ids[]=${card.id}`, { token: fresh })).body.cards[0]!;
    assert.deepEqual(again, card);
    const terminals = (await call<{ terminals: Entry[] }>(fixture.sb, '/__sandbox/terminals')).body.terminals;
    assert.equal(terminals.find((t) => t.id === SANDBOX_TERMINALS.fr.approve)?.mode, 'approve');
  });
});

describe('seed ids', () => {
  test('stable, distinct and UUID v4 shaped', () => {
    assert.equal(seedUuid('terminal:fr:approve'), SANDBOX_TERMINALS.fr.approve);
    const ids = [...Object.values(SANDBOX_TERMINALS.fr), ...Object.values(SANDBOX_TERMINALS.it), ...Object.values(SANDBOX_MEMBERSHIPS.fr), SANDBOX_ORGS.fr.id, SANDBOX_ORGS.it.id];
    const many = Array.from({ length: 2000 }, (_, i) => seedUuid(`card:fr:${i}`));
    assert.equal(new Set([...ids, ...many]).size, ids.length + many.length);
    assert.ok([...ids, ...many].every((id) => UUID_V4_RE.test(id)));
  });
});
