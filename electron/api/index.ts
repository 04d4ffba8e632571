/** The typed bank API client: one keep-alive undici Agent per BankApi, one function per operation. */
import type { BankApi, BankApiConfig } from './types.js';
import { createHttp } from './http.js';
import { clientsApi } from './clients.js';
import { cardsApi } from './cards.js';
import { terminalsApi } from './terminals.js';
import { organizationApi } from './organization.js';

export function createBankApi(config: BankApiConfig): BankApi {
  const http = createHttp(config);
  return {
    clients: clientsApi(http),
    cards: cardsApi(http),
    terminals: terminalsApi(http, config.logger),
    organization: organizationApi(http),
    close: () => http.close(),
  };
}

export type { BankApi, BankApiConfig, CallOptions, PaymentPush, TerminalPaymentsPort } from './types.js';
export { BankApiError, isBankApiError, type BankErrorKind, type TransportKind } from './errors.js';
export { ValidationError, isValidationError } from './validation-error.js';
export { createHttp, DEFAULT_TIMEOUTS, type Http, type HttpMethod, type HttpResponse, type RequestOptions } from './http.js';
