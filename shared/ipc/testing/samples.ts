/**
 * One valid request per contract method, for the tests that feed the
 * validators wrong shapes, huge values and generated payloads. Typed by the
 * contract, so a new method without a sample does not compile.
 */
import type { Method, Req } from '../contract.js';

const TERMINAL = '3f2c1d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
const ATTEMPT = '7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f';
const CARD = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const CLIENT = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';

export const SAMPLES: { [M in Method]: Req<M> | undefined } = {
  getAppState: undefined,
  listTerminals: undefined,
  listTerminalLeases: undefined,
  setDefaultTerminal: { terminalId: TERMINAL },
  setTerminalName: { terminalId: TERMINAL, name: 'Comptoir' },
  setRegisterLanguage: { language: 'it' },
  charge: { terminalId: TERMINAL, amountMinor: 1250, currency: 'EUR', metadata: { order: 'A-17', lines: [{ sku: 'baguette', qty: 2 }] } },
  resend: { attemptId: ATTEMPT },
  checkAgain: { attemptId: ATTEMPT },
  tryAgain: { attemptId: ATTEMPT },
  chargeAgain: { attemptId: ATTEMPT, confirmedNoPayment: true },
  abandon: { attemptId: ATTEMPT },
  resolve: { attemptId: ATTEMPT, kind: 'refunded_outside', note: 'Cash back at the counter' },
  askBank: { attemptId: ATTEMPT },
  listAttempts: undefined,
  getAccess: undefined,
  getOrganization: { includeExternalAccounts: true },
  listCards: { query: 'bakery', statuses: ['live'], holder_ids: [CLIENT], ids: [CARD], sort_by: 'live_first', page: 1, per_page: 20 },
  getCardFilterChoices: undefined,
  renameCard: { cardId: CARD, nickname: 'Fuel' },
  setCardRestrictions: { cardId: CARD, active_days: [1, 2, 3], categories: ['transport'] },
  lockCard: { cardId: CARD },
  unlockCard: { cardId: CARD },
  reportCardLost: { cardId: CARD },
  listClients: { name: 'Martin', sort_by: 'name:asc', per_page: 50 },
  getClient: { clientId: CLIENT },
  createClient: { kind: 'company', name: 'Acme SAS', email: 'billing@acme.example', currency: 'EUR', locale: 'fr' },
  journalHistory: { from: '2026-03-01', to: '2026-03-02', status: 'authorized', search: 'A-17', cashier: 'claire' },
  exportJournal: { from: '2026-03-01', to: '2026-03-31', format: 'xlsx', language: 'fr' },
  openReceipt: { attemptId: ATTEMPT, day: '2026-03-01' },
  printReceipt: { heightMm: 120 },
  emailReceipt: { attemptId: ATTEMPT, address: 'claire@example.com', language: 'fr' },
  receiptMailStatus: { attemptId: ATTEMPT },
  openRefundReceipt: { refundId: '3b241101-e2bb-4255-8caf-4136c566a962', day: '2026-03-01' },
  emailRefundReceipt: { refundId: '3b241101-e2bb-4255-8caf-4136c566a962', day: '2026-03-01', address: 'claire@example.com', language: 'de' },
  refundReceiptMailStatus: { refundId: '3b241101-e2bb-4255-8caf-4136c566a962', day: '2026-03-01' },
  receiptPrinting: undefined,
  getReceiptSettings: undefined,
  saveReceiptSettings: { paper: '58mm', printer: 'EPSON TM-T20', autoPrint: true, footer: 'Merci !', mailFrom: 'shop@example.com',
    mailServer: { host: 'mail.example.com', port: 587, tls: false, user: 'till@example.com', password: 's3cret' } },
  shiftReport: { day: '2026-03-01', person: 'name:Claire' },
  closeDay: { day: '2026-03-01', closedBy: 'Claire' },
  correctDay: { day: '2026-03-01', by: 'Claire', note: 'Refunded outside Counterpay' },
  recordRefund: { attemptId: '0f8fad5b-d9cb-469f-a165-70867728950e', day: '2026-03-01', amountMinor: 500, where: 'terminal', reason: 'Returned one item', by: 'Claire' },
  settleByHand: { attemptId: '0f8fad5b-d9cb-469f-a165-70867728950e', day: '2026-03-01', outcome: 'paid', cardLast4: '4242', authorizationCode: 'A1B2C3', by: 'Claire' },
  acknowledgeChainBreak: { seq: 12, by: 'Claire' },
  archiveJournal: { period: 'month', value: '2026-03', by: 'Claire' },
  getSigningKey: undefined,
  changeSigningKey: { by: 'Claire' },
  getSettings: undefined,
  saveEnvironmentSettings: {
    environment: 'sandbox', apiBaseUrl: 'https://api.bank.example', oauthBaseUrl: 'https://oauth.bank.example',
    clientId: 'counterpay-desktop', redirectPort: 53682, clientSecret: 's3cret',
  },
  switchEnvironment: { environment: 'training' },
  signIn: undefined,
  cancelSignIn: undefined,
  signOut: undefined,
  setManagerPin: { pin: '4821' },
  setAcceptPlainTextRisk: { accept: false },
  saveStoreSettings: { url: 'postgres://counterpay:secret@127.0.0.1:5432/shop', registerName: 'Caisse 1' },
  stopUsingStore: undefined,
  getManagerView: undefined,
  unlockManager: { pin: '4821' },
  lockManager: undefined,
};
