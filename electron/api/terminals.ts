/** Terminals: the list (all pages), pushing a payment, and reading its outcome. */
import type { Terminal } from '../../shared/domain/bank.js';
import { IDEMPOTENCY_HEADER, type Http } from './http.js';
import type { BankApi } from './types.js';
import { segment } from './path.js';
import { unwrapPage } from './unwrap.js';
import { unexpectedResponse } from './response.js';
import { buildPaymentBody, idempotencyKeyIssues } from './payment-request.js';
import { parseAccepted, parsePayment } from './payment-response.js';
import { ValidationError } from './validation-error.js';
import type { Logger } from '../log.js';

/** 100 per page (the provider's maximum) × this many pages is far beyond any shop; more means a looping server. */
export const MAX_TERMINAL_PAGES = 100;
const LIST = { method: 'GET', path: '/v2/terminals' } as const;

export function terminalsApi(http: Http, log?: Logger): BankApi['terminals'] {
  return {
    async listAll(opts = {}) {
      const perPage = opts.perPage ?? 100;
      const terminals: Terminal[] = [];
      for (let page: number | null = 1, fetched = 0; page !== null; fetched++) {
        if (fetched >= MAX_TERMINAL_PAGES) throw unexpectedResponse(LIST, `the terminal list did not end after ${MAX_TERMINAL_PAGES} pages`);
        const res = await http.request(LIST.method, LIST.path, { query: { page, per_page: perPage }, signal: opts.signal });
        const { items, meta } = unwrapPage<Terminal>(res, 'terminals');
        terminals.push(...items);
        // A next page that does not move forward would loop for ever.
        if (meta.next_page !== null && meta.next_page <= page) {
          throw unexpectedResponse(res, `the terminal list points back from page ${page} to page ${meta.next_page}`);
        }
        page = meta.next_page;
      }
      return terminals;
    },

    async createPayment(terminalId, push, idempotencyKey, opts = {}) {
      const issues = idempotencyKeyIssues(idempotencyKey);
      const body = buildPaymentBody(push);
      if (!body.ok) issues.push(...body.issues);
      if (issues.length || !body.ok) throw new ValidationError('the terminal payment', issues);
      const path = `/v2/terminals/${segment(terminalId, 'terminal')}/payment`;
      const res = await http.request('POST', path, { body: body.value, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, signal: opts.signal, release: opts.release });
      // The provider answers 202, and a 201 has been seen from it too. Another 2xx with a valid payment is still a
      // created payment: refusing it would make the engine treat a live payment as failed, so it is accepted and logged.
      if (res.status !== 202 && res.status !== 201) log?.warn('terminal payment answered without 202', { status: res.status, path });
      return parseAccepted(res);
    },

    async getPayment(paymentId, opts = {}) {
      return parsePayment(await http.request('GET', `/v2/terminal_payments/${segment(paymentId, 'terminal payment')}`, { signal: opts.signal }));
    },
  };
}
