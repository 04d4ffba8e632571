/** Drives the sandbox's /__sandbox helpers and the harness's test switches from a test. */
import { SECRET_HEADER, SECRET_META } from '../../harness/browser/guard-names.js';
export interface SandboxTerminal {
  id: string;
  organization: string;
  mode: string;
  delay_ms: number;
}

export interface BehaviourExtras {
  tip_amount?: string;
  reason?: string;
  busy?: 'queue' | 'refuse' | null;
}

export interface SandboxPayment {
  id: string;
  terminal_id: string;
  idempotency_key: string;
  status: string;
  amount: { value: string; currency: string };
  /** Once authorized with a tip: the tip the customer added on the terminal. */
  tip_amount?: { value: string; currency: string };
  /** What the counter sent with the payment (order reference, note, free fields). */
  metadata?: Record<string, unknown>;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export class Bank {
  constructor(private readonly url: string) {}

  async terminals(organization = 'fr'): Promise<SandboxTerminal[]> {
    const { terminals } = await json<{ terminals: SandboxTerminal[] }>(await fetch(`${this.url}/__sandbox/terminals`));
    return terminals.filter((t) => t.organization === organization);
  }

  async terminal(mode: string, organization = 'fr'): Promise<SandboxTerminal> {
    const t = (await this.terminals(organization)).find((x) => x.mode === mode);
    if (!t) throw new Error(`no ${mode} terminal in the sandbox`);
    return t;
  }

  /** `extra`: tip_amount (mode tip), reason (mode refuse), busy ('queue' | 'refuse' | null). */
  async setBehaviour(id: string, mode: 'approve' | 'tip' | 'refuse' | 'offline', delayMs: number, extra: BehaviourExtras = {}): Promise<void> {
    await json(await fetch(`${this.url}/__sandbox/terminals/${id}/behaviour`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode, delay_ms: delayMs, ...extra }),
    }));
  }

  /** The terminal's hardware serial as the bank lists it (what people see on screen). */
  async poiId(terminalId: string): Promise<string> {
    const { access_token } = await json<{ access_token: string }>(await fetch(`${this.url}/__sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organization: 'fr', role: 'owner' }),
    }));
    const { terminals } = await json<{ terminals: { id: string; poi_id: string }[] }>(
      await fetch(`${this.url}/v2/terminals?per_page=100`, { headers: { authorization: `Bearer ${access_token}` } }),
    );
    const t = terminals.find((x) => x.id === terminalId);
    if (!t) throw new Error(`terminal ${terminalId} is not listed by the bank`);
    return t.poi_id;
  }

  /** The sandbox's own answer to an API request, as the given role sees it (what the screen is checked against). */
  async api<T>(path: string, opts: { role?: 'owner' | 'admin' | 'employee'; method?: string; body?: unknown } = {}): Promise<T> {
    const { access_token } = await json<{ access_token: string }>(await fetch(`${this.url}/__sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organization: 'fr', role: opts.role ?? 'owner' }),
    }));
    return json<T>(await fetch(`${this.url}${path}`, {
      method: opts.method ?? 'GET',
      headers: { authorization: `Bearer ${access_token}`, ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    }));
  }

  /** Every API request the sandbox answered since its last reset: method, path and status. */
  async requests(): Promise<{ method: string; path: string; status: number }[]> {
    return (await json<{ requests: { method: string; path: string; status: number }[] }>(await fetch(`${this.url}/__sandbox/requests`))).requests;
  }

  async payments(): Promise<SandboxPayment[]> {
    return (await json<{ terminal_payments: SandboxPayment[] }>(await fetch(`${this.url}/__sandbox/terminal_payments`))).terminal_payments;
  }
}

/**
 * The harness's per-run secret, read from the page it serves, as the page itself does. A test is a
 * local process that could read any file anyway; only other web origins must not get it.
 */
export async function harnessSecret(harnessUrl: string): Promise<string> {
  const html = await (await fetch(harnessUrl)).text();
  const secret = new RegExp(`<meta name="${SECRET_META}" content="([^"]+)"`).exec(html)?.[1];
  if (!secret) throw new Error('the harness page carries no secret');
  return secret;
}

/** A call to the harness's test switches (/__harness/…), with the secret they need. */
export async function harnessFetch(harnessUrl: string, path: string, body?: object): Promise<Response> {
  return fetch(new URL(`/__harness/${path}`, harnessUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: await harnessSecret(harnessUrl) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export async function harnessControl(harnessUrl: string, path: 'clock' | 'network', body: object): Promise<void> {
  await json(await harnessFetch(harnessUrl, path, body));
}
