/**
 * The receipt e-mail queue against a real SMTP server on loopback: a server down
 * then back (the queued message arrives, one Message-ID on every try), a busy
 * server (451) retried with the same Message-ID, the address gone from the data
 * folder once accepted or refused, each SMTP failure named for its cause, and a
 * queued message surviving a restart. The clock is injected: no test waits out a backoff.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../shared/clock.js';
import { MAIL_PROBLEMS } from '../../shared/domain/receipt.js';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { translator } from '../../shared/i18n/translate.js';
import { createLogger } from '../log.js';
import { withTempDir } from '../fs/testing/temp-dir.js';
import { backoffMs, MailQueue } from './mail-queue.js';
import { parseSmtpUrl } from './smtp-config.js';
import { smtpSender } from './smtp-sender.js';
import { freePort, LoopbackSmtp } from './stand-ins/loopback-smtp.js';

const ADDRESS = 'claire.dupont@example.org';
const servers: LoopbackSmtp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function filesHold(dir: string, text: string): boolean {
  return readdirSync(dir).some((f) => readFileSync(join(dir, f), 'utf8').includes(text));
}

async function queueFor(dir: string, url: string, clock: ManualClock, sent: number[] = []) {
  const parsed = parseSmtpUrl(url);
  assert.ok(parsed.ok);
  return MailQueue.open({
    dir, clock, logger: createLogger(() => undefined),
    sender: () => ({ sender: smtpSender(parsed.config), from: 'shop@example.org' }),
    onSent: async (n) => void sent.push(n),
  });
}

const mail = (n = 7) => ({
  attemptId: `att-${n}`, ledgerNumber: n, to: ADDRESS, receiptNumber: String(n).padStart(6, '0'),
  messageId: `<receipt-${n}@counterpay.test>`, subject: `Receipt ${n}`, text: `Paid: 12.50\nReceipt no.: ${n}\n`, html: '<p>12.50</p>',
});

describe('receipt e-mail queue', () => {
  test('server down, then back: the queued e-mail arrives once the backoff passes, and the address leaves the data folder', async () => {
    await withTempDir('counterpay-mail-', async (dir) => {
      const port = await freePort();
      const clock = new ManualClock();
      const sent: number[] = [];
      const queue = await queueFor(dir, `smtp://127.0.0.1:${port}`, clock, sent);
      await queue.enqueue(mail());
      await until('the first try', () => queue.status('att-7')?.tries === 1);
      const waiting = queue.status('att-7')!;
      assert.equal(waiting.state, 'queued');
      assert.equal(waiting.problem, 'not_answering');
      assert.equal(waiting.nextTryAt! - clock.now() <= backoffMs(1), true);
      assert.ok(filesHold(dir, ADDRESS), 'the address is kept while the e-mail waits');

      const server = await LoopbackSmtp.start({ port });
      servers.push(server);
      clock.advance(backoffMs(1));
      await until('the e-mail to arrive', () => queue.status('att-7')?.state === 'sent');
      assert.equal(server.received.length, 1);
      assert.equal(server.received[0]!.messageId, '<receipt-7@counterpay.test>');
      assert.match(server.received[0]!.raw, /X-Counterpay-Receipt: 000007/);
      assert.deepEqual(server.received[0]!.to, [ADDRESS]);
      assert.deepEqual(sent, [7]);
      assert.equal(filesHold(dir, ADDRESS), false);
      assert.deepEqual(readdirSync(dir), []);
      queue.close();
    });
  });

  test('a busy server (451) gets the same Message-ID on the next try: at least once, never two different messages', async () => {
    await withTempDir('counterpay-mail-', async (dir) => {
      const server = await LoopbackSmtp.start({ busyFor: 1 });
      servers.push(server);
      const clock = new ManualClock();
      const queue = await queueFor(dir, `smtp://127.0.0.1:${server.port}`, clock);
      await queue.enqueue(mail(8));
      await until('the refused try', () => queue.status('att-8')?.tries === 1);
      assert.equal(queue.status('att-8')!.problem, 'rejected');
      clock.advance(backoffMs(1));
      await until('the second try', () => queue.status('att-8')?.state === 'sent');
      assert.equal(server.seen.length, 2);
      assert.deepEqual(new Set(server.seen.map((m) => m.messageId)), new Set(['<receipt-8@counterpay.test>']));
      queue.close();
    });
  });

  test('a queued e-mail survives a restart and leaves from the new process', async () => {
    await withTempDir('counterpay-mail-', async (dir) => {
      const port = await freePort();
      const clock = new ManualClock();
      const first = await queueFor(dir, `smtp://127.0.0.1:${port}`, clock);
      await first.enqueue(mail(9));
      await until('the first try', () => first.status('att-9')?.tries === 1);
      first.close();
      const server = await LoopbackSmtp.start({ port });
      servers.push(server);
      const again = await queueFor(dir, `smtp://127.0.0.1:${port}`, clock);
      clock.advance(backoffMs(1));
      await until('the e-mail to arrive', () => again.status('att-9')?.state === 'sent');
      assert.equal(server.received.length, 1);
      again.close();
    });
  });

  test('a refused recipient is final: not retried, and the address is dropped', async () => {
    await withTempDir('counterpay-mail-', async (dir) => {
      const server = await LoopbackSmtp.start({ refuseRecipient: (a) => a === ADDRESS });
      servers.push(server);
      const clock = new ManualClock();
      const queue = await queueFor(dir, `smtp://127.0.0.1:${server.port}`, clock);
      await queue.enqueue(mail(10));
      await until('the refusal', () => queue.status('att-10')?.state === 'failed');
      assert.equal(queue.status('att-10')!.problem, 'recipient_refused');
      assert.equal(queue.status('att-10')!.nextTryAt, null);
      assert.equal(filesHold(dir, ADDRESS), false);
      queue.close();
    });
  });

  const causes: Array<[string, () => Promise<string>, string]> = [
    ['server not answering', async () => `smtp://127.0.0.1:${await freePort()}`, 'not_answering'],
    ['login refused', async () => {
      const s = await LoopbackSmtp.start({ login: { user: 'till', pass: 'right' } });
      servers.push(s);
      return `smtp://till:wrong@127.0.0.1:${s.port}`;
    }, 'login_refused'],
    ['TLS required', async () => {
      const s = await LoopbackSmtp.start({ requireTls: true });
      servers.push(s);
      return `smtp://127.0.0.1:${s.port}`;
    }, 'tls_required'],
  ];
  for (const [name, url, problem] of causes) {
    test(`${name} is told as ${problem}, and kept for another try`, async () => {
      await withTempDir('counterpay-mail-', async (dir) => {
        const queue = await queueFor(dir, await url(), new ManualClock());
        await queue.enqueue(mail(11));
        await until('the first try', () => queue.status('att-11')?.tries === 1);
        assert.equal(queue.status('att-11')!.problem, problem);
        assert.equal(queue.status('att-11')!.state, 'queued');
        queue.close();
      });
    });
  }

  test('each failure has its own words in all five languages', () => {
    for (const language of LANGUAGES) {
      const t = translator(language);
      const words = MAIL_PROBLEMS.map((p) => t(`receipt.mail.problem.${p}`));
      assert.equal(new Set(words).size, MAIL_PROBLEMS.length, `${language} words two failures the same`);
    }
  });
});
