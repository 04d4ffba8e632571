import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { ATTEMPT_DEADLINE_MS, FRESH_ATTEMPT_FIELDS, type Attempt } from '../../shared/domain/attempt.js';
import { LEASE_DURATION_MS, leaseOf, leaseReleasable, TerminalLeases, type LeaseRequest } from './leases.js';
import type { SendGateRequest } from './ports.js';
import { LeaseGate } from './store-gate.js';
import { storeClock, useStoreCluster } from './testing/store-fixture.js';

const store = useStoreCluster();

function attempt(now: number, over: Partial<Attempt> = {}): Attempt {
  const id = randomUUID();
  return {
    id, saleId: id, previousAttemptId: null, registerId: 'REG-1', terminalId: 'S1F2-FR-0001', amountMinor: 1200, currency: 'EUR',
    metadata: {}, idempotencyKey: randomUUID(), createdAt: now, deadlineAt: now + ATTEMPT_DEADLINE_MS, state: 'sending', updatedAt: now,
    ...FRESH_ATTEMPT_FIELDS, ...over,
  };
}

const lease = (now: number, over: Partial<Attempt> = {}): LeaseRequest => leaseOf(attempt(now, over), now);
const sendRequest = (over: Partial<SendGateRequest> = {}): SendGateRequest => ({
  attemptId: randomUUID(), saleId: randomUUID(), registerId: 'REG-2', terminalId: 'S1F2-FR-0001', amountMinor: 4400, currency: 'EUR', why: 'charge', ...over,
});

async function twoRegisters() {
  const url = store.freshDatabase();
  const clock = storeClock();
  const c1 = await store.connect(url, 'REG-1', 'Caisse 1');
  const c2 = await store.connect(url, 'REG-2', 'Caisse 2');
  return { clock, url, l1: new TerminalLeases(c1), l2: new TerminalLeases(c2), c1, c2 };
}

describe('terminal leases', () => {
  it('of many registers asking for one terminal at the same moment, exactly one gets it', async () => {
    const { clock, url } = await twoRegisters();
    for (let round = 0; round < 5; round++) {
      const leases = await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => new TerminalLeases(await store.connect(url, `REG-${i}`, `Caisse ${i}`))));
      const terminalId = `T-${round}`;
      const results = await Promise.all(leases.map((l) => l.acquire(lease(clock.now(), { terminalId }))));
      assert.equal(results.filter((r) => r.ok).length, 1, `round ${round}`);
      const winners = new Set(results.flatMap((r) => (r.ok ? [] : [r.holder.attemptId])));
      assert.equal(winners.size, 1, 'every loser sees the same holder');
    }
  });

  it('tells the second register who holds the terminal, for how much and how long, in plain words', async () => {
    const { clock, url, l1, l2, c2 } = await twoRegisters();
    const first = lease(clock.now());
    assert.deepEqual(await l1.acquire(first), { ok: true });
    store.ageLeases(url, 75_000);
    const gate = new LeaseGate({ clock, leases: () => new TerminalLeases(c2) });
    const verdict = await gate.check(sendRequest());
    assert.deepEqual(verdict, {
      ok: false,
      refusal: {
        kind: 'terminal_busy', terminalId: 'S1F2-FR-0001', holderRegisterName: 'Caisse 1', amountMinor: 1200, currency: 'EUR',
        secondsLeft: (LEASE_DURATION_MS - 75_000) / 1000,
      },
    });
    const answer = await gate.sendGate(sendRequest());
    assert.equal(answer.ok, false);
    if (!answer.ok) {
      assert.equal(answer.code, 'terminal_busy');
      assert.equal(answer.message, 'S1F2-FR-0001 is busy with Caisse 1 (12.00 EUR, 75 s left). Wait for it to finish or use another terminal.');
      // The screen formats the amount in its own language: the number and currency travel, not a formatted string.
      assert.deepEqual(answer.params, { terminalId: 'S1F2-FR-0001', register: 'Caisse 1', amountMinor: 1200, currency: 'EUR', seconds: 75 }, 'a terminal not named here travels by id, for the screen to name');
    }
    assert.equal((await l2.holder('S1F2-FR-0001'))?.attemptId, first.attemptId);
  });

  it('frees the terminal on release, only for the attempt that holds it', async () => {
    const { clock, l1, l2 } = await twoRegisters();
    const first = lease(clock.now());
    await l1.acquire(first);
    assert.equal(await l2.release(first.terminalId, randomUUID()), false);
    assert.equal((await l2.acquire(lease(clock.now()))).ok, false);
    assert.equal(await l1.release(first.terminalId, first.attemptId), true);
    assert.equal((await l2.acquire(lease(clock.now()))).ok, true);
  });

  it('keeps a lease until its expiry, lets the holder re-assert it, then lets the next register in', async () => {
    const { clock, url, l1, l2 } = await twoRegisters();
    const first = lease(clock.now());
    await l1.acquire(first);
    store.ageLeases(url, LEASE_DURATION_MS - 1_000);
    assert.equal((await l2.acquire(lease(clock.now()))).ok, false);
    assert.deepEqual(await l1.acquire({ ...first, durationMs: 1_000 }), { ok: true }, 'the same attempt re-asserts its own lease');
    store.ageLeases(url, 1_000);
    assert.equal((await l2.acquire(lease(clock.now()))).ok, true);
    assert.equal((await l1.acquire(first)).ok, false, 'an expired holder that lost the lease cannot take it back');
  });

  it('lists for the picker the terminals other registers hold, how long on the store\'s clock, never this register\'s own or an expired one', async () => {
    const { url, clock, l1, l2 } = await twoRegisters();
    await l1.acquire(lease(clock.now(), { terminalId: 'T-A' }));
    await l2.acquire(lease(clock.now(), { terminalId: 'T-B' }));
    // A register clock far ahead changes nothing to the duration: only the store's clock measures it.
    clock.advance(60_000);
    const seen = await l2.othersHolding();
    assert.deepEqual(seen.map((h) => [h.terminalId, h.registerName]), [['T-A', 'Caisse 1']]);
    assert.ok(seen[0]!.heldForMs >= 0 && seen[0]!.heldForMs < 10_000, `held ${seen[0]!.heldForMs} ms`);
    assert.deepEqual((await l1.othersHolding()).map((h) => h.terminalId), ['T-B']);
    store.ageLeases(url, LEASE_DURATION_MS);
    assert.deepEqual(await l2.othersHolding(), []);
  });

  it('keeps leases across a PostgreSQL restart', async () => {
    const { clock, l1, l2 } = await twoRegisters();
    const first = lease(clock.now());
    await l1.acquire(first);
    await store.cluster().stop();
    await store.cluster().start();
    // The pool's old connections died with the server; the first use after may fail once.
    const again = await l2.acquire(lease(clock.now())).catch(() => l2.acquire(lease(clock.now())));
    assert.equal(again.ok, false);
    if (!again.ok) assert.equal(again.holder.attemptId, first.attemptId);
  });

  it('with the store down refuses until the cashier confirms the terminal is free, then lets the charge go without a lease', async () => {
    const { clock, c1 } = await twoRegisters();
    const gate = new LeaseGate({ clock, leases: () => new TerminalLeases(c1), timeoutMs: 1_000 });
    await c1.close();
    const req = sendRequest();
    assert.deepEqual(await gate.check(req), { ok: false, refusal: { kind: 'store_unavailable', terminalId: req.terminalId } });
    gate.confirmTerminalFree('another-terminal');
    assert.equal((await gate.check(req)).ok, false, 'a confirmation counts for its own terminal only');
    gate.confirmTerminalFree(req.terminalId);
    assert.deepEqual(await gate.check(req), { ok: true, leaseTaken: false });
    gate.confirmTerminalFree(req.terminalId);
    assert.deepEqual(await gate.sendGate(sendRequest()), { ok: true, lease: 'none_store_down' }, 'the engine journals that no lease was taken');
    assert.equal((await gate.check(sendRequest())).ok, false, 'a confirmation counts for one charge');
    gate.confirmTerminalFree(req.terminalId);
    clock.advance(61_000);
    assert.equal((await gate.check(sendRequest())).ok, false, 'an old confirmation no longer counts');
  });

  it('releases for a final attempt, or an abandoned one past its deadline, never for one still running', () => {
    const now = Date.now();
    const a = attempt(now);
    assert.equal(leaseReleasable(a, now), false);
    assert.equal(leaseReleasable({ ...a, state: 'authorized' }, now), true);
    assert.equal(leaseReleasable({ ...a, state: 'refused' }, now), true);
    assert.equal(leaseReleasable({ ...a, state: 'timed_out' }, now + ATTEMPT_DEADLINE_MS), false, 'the cashier still has to look at the terminal');
    assert.equal(leaseReleasable({ ...a, abandoned: true, state: 'accepted' }, now + 1), false);
    assert.equal(leaseReleasable({ ...a, abandoned: true, state: 'accepted' }, now + ATTEMPT_DEADLINE_MS), true);
  });
});
