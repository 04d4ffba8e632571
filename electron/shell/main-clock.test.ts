/**
 * The app as it ships (main.ts booted against the fake 'electron') keeps a payment's
 * deadline, its resends and the manager's unlock on elapsed time: moving only the
 * computer's wall clock (Date.now, as NTP or a cashier fixing the time does) two hours
 * forward and then one hour back, while a terminal never answers, times nothing out,
 * sends nothing again and keeps the manager unlocked. That the deadline and the idle
 * time do run out on elapsed time is shown with an injected monotonic clock in
 * electron/core/wall-clock-jump.test.ts, not by waiting here.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventChannelOf } from '../../shared/ipc/contract.js';
import type { Attempt } from '../../shared/domain/attempt.js';
import type { AttemptsView, ManagerView } from '../../shared/ipc/types.js';
import { SANDBOX_TERMINALS } from '../sandbox/seed-ids.js';
import { createFakeElectron } from './stand-ins/fake-electron.js';
import { apiBaseUrlIn, ipcCaller, startMain, until, type RunningMain } from './stand-ins/run-main.js';

const HOUR = 3_600_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the shipped app when the wall clock jumps mid-payment', () => {
  const fake = createFakeElectron();
  const call = ipcCaller(fake);
  const realNow = Date.now;
  let running: RunningMain;
  let sandboxUrl = '';

  before(async () => {
    running = await startMain(fake, 'counterpay-main-clock-', (line) => (sandboxUrl ||= apiBaseUrlIn(line) ?? ''));
    assert.ok(sandboxUrl, 'boot logs the training sandbox URL');
  });

  after(async () => {
    Date.now = realNow;
    await running.stop();
  });

  const requests = async (): Promise<Array<{ method: string; path: string }>> => {
    const body = (await (await fetch(`${sandboxUrl}/__sandbox/requests`)).json()) as { requests: Array<{ method: string; path: string }> };
    return body.requests.filter((r) => r.path.includes('payment'));
  };
  const attempt = async (id: string): Promise<Attempt | undefined> => {
    const res = await call('listAttempts', undefined);
    assert.equal(res.ok, true, JSON.stringify(res));
    return (res.value as AttemptsView).attempts.find((a) => a.id === id);
  };
  const manager = async (): Promise<ManagerView> => {
    const res = await call('getManagerView', undefined);
    assert.equal(res.ok, true, JSON.stringify(res));
    return res.value as ManagerView;
  };
  const states = (id: string): string[] => fake.windows[0]!.webContents.sent
    .filter(([channel, payload]) => channel === eventChannelOf('attemptUpdated') && (payload as { attempt: Attempt }).attempt.id === id)
    .map(([, payload]) => (payload as { attempt: Attempt }).attempt.state);

  test('two hours forward, then one back: the payment keeps waiting and polling, is sent once, and the manager stays unlocked', async () => {
    assert.equal((await call('setManagerPin', { pin: '4821' })).ok, true);
    assert.equal((await manager()).unlocked, true);

    const charged = await call('charge', { terminalId: SANDBOX_TERMINALS.fr.offline, amountMinor: 2450, currency: 'EUR', metadata: {} });
    assert.equal(charged.ok, true, JSON.stringify(charged));
    const id = (charged.value as Attempt).id;
    await until('the bank to accept the push', () => states(id).includes('accepted'));
    const polls = async () => (await requests()).filter((r) => r.method === 'GET').length;

    for (const [label, shift] of [['two hours forward', 2 * HOUR], ['one hour back', HOUR]] as const) {
      Date.now = () => realNow() + shift;
      const before = await polls();
      // Polls come every 1-2 s of elapsed time; a wall clock read as a deadline would have fired at once.
      await pause(2_500);
      const a = await attempt(id);
      assert.equal(a?.state, 'accepted', `${label}: still waiting for the terminal, not timed out (${states(id).join(' → ')})`);
      assert.equal(a?.sends, 1, `${label}: nothing sent again`);
      const posts = (await requests()).filter((r) => r.method === 'POST');
      assert.equal(posts.length, 1, `${label}: one push reached the bank`);
      const after = await polls();
      assert.ok(after > before, `${label}: the status is still read (${before} → ${after} reads)`);
      assert.ok(after - before <= 3, `${label}: reads keep their pace instead of catching up (${after - before} in 2.5 s)`);
      const view = await manager();
      assert.equal(view.unlocked, true, `${label}: the manager's unlock did not lapse`);
      // The windows are told when it lapses in their own (wall) time: five minutes from now, whatever the clock says.
      const left = (view.unlockedUntil ?? 0) - Date.now();
      assert.ok(left > 4 * 60_000 && left <= 5 * 60_000, `${label}: unlock lapses in ${left} ms of the shifted wall clock`);
    }
    assert.deepEqual([...new Set(states(id))], ['sending', 'accepted']);
    const held = await call('charge', { terminalId: SANDBOX_TERMINALS.fr.approve, amountMinor: 100, currency: 'EUR', metadata: {} });
    assert.equal(held.ok, false, 'the register is still held by the waiting payment');
  });
});
