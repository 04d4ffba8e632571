/** The typed surface of the bank API client (one function per operation). */
import type { StopSignal } from '../../shared/domain/stop-signal.js';
import type { Dispatcher } from 'undici';
import type {
  Card, CardListQuery, CardRestrictions, Client, ClientCreateBody, ClientListQuery, Organization, Page,
  Terminal, TerminalPayment, TerminalPaymentAccepted,
} from '../../shared/domain/bank.js';
import type { Currency } from '../../shared/money.js';
import type { JsonObject } from '../../shared/json.js';
import type { DeprecationNotice } from '../../shared/ipc/types.js';
import type { Logger } from '../log.js';

export interface BankApiConfig {
  /** e.g. http://127.0.0.1:4010 for the embedded sandbox; no trailing slash. */
  baseUrl: string;
  /** Sent as X-Service-Staging-Token on every request when set (the bank's sandbox). */
  stagingToken?: string | null;
  /** Supplies the current access token (later the OAuth vault); called per request. */
  getAccessToken: () => Promise<string>;
  /** Called once on a 401; resolve true when a fresh token is available and the request may be replayed once. */
  onUnauthorized?: () => Promise<boolean>;
  /** A response carried Sunset and/or Deprecation headers. */
  onDeprecation?: (notice: DeprecationNotice) => void;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  logger?: Logger;
  /** Tests may inject their own undici dispatcher. */
  dispatcher?: Dispatcher;
}

export interface CallOptions {
  signal?: StopSignal;
  /** Nothing is written before this resolves (see CallSignal in the engine's bank port). */
  release?: Promise<unknown>;
}

export interface PaymentPush {
  amountMinor: number;
  currency: Currency;
  metadata?: JsonObject;
}

export interface BankApi {
  clients: {
    create(body: ClientCreateBody, opts?: CallOptions): Promise<Client>;
    get(id: string, opts?: CallOptions): Promise<Client>;
    list(query?: ClientListQuery, opts?: CallOptions): Promise<Page<Client>>;
  };
  cards: {
    list(query?: CardListQuery, opts?: CallOptions): Promise<Page<Card>>;
    rename(id: string, nickname: string, opts?: CallOptions): Promise<Card>;
    setRestrictions(id: string, restrictions: CardRestrictions, opts?: CallOptions): Promise<Card>;
    lock(id: string, opts?: CallOptions): Promise<Card>;
    unlock(id: string, opts?: CallOptions): Promise<Card>;
    reportLost(id: string, opts?: CallOptions): Promise<Card>;
  };
  terminals: {
    /** Follows pagination to the last page. */
    listAll(opts?: CallOptions & { perPage?: number }): Promise<Terminal[]>;
    createPayment(terminalId: string, push: PaymentPush, idempotencyKey: string, opts?: CallOptions): Promise<TerminalPaymentAccepted>;
    getPayment(paymentId: string, opts?: CallOptions): Promise<TerminalPayment>;
  };
  organization: {
    get(opts?: CallOptions & { includeExternalAccounts?: boolean }): Promise<Organization>;
  };
  /** Closes the keep-alive pool. */
  close(): Promise<void>;
}

/** What the payment engine needs of the API: nothing more, so its tests can use the real client or a small fake. */
export type TerminalPaymentsPort = Pick<BankApi['terminals'], 'createPayment' | 'getPayment'>;
