/**
 * Training mode's access token: minted from the sandbox's helper and minted
 * again before it expires, so a till left open all day keeps working.
 */
import type { Clock } from '../../shared/clock.js';
import { isPlainObject } from '../../shared/json.js';

export interface MintedToken {
  access_token: string;
  expires_in: number;
}

export type Mint = () => Promise<MintedToken>;

export class TrainingTokenSource {
  private token: string | null = null;
  private expiresAt = 0;
  private pending: Promise<string> | null = null;

  constructor(private readonly mint: Mint, private readonly clock: Clock, private readonly onToken?: (t: string) => void) {}

  getAccessToken = async (): Promise<string> => {
    if (this.token && this.clock.now() < this.expiresAt - 60_000) return this.token;
    return this.renew();
  };

  onUnauthorized = async (): Promise<boolean> => {
    await this.renew();
    return true;
  };

  private renew(): Promise<string> {
    this.pending ??= this.mint()
      .then((t) => {
        this.token = t.access_token;
        this.expiresAt = this.clock.now() + t.expires_in * 1000;
        this.onToken?.(t.access_token);
        return t.access_token;
      })
      .finally(() => (this.pending = null));
    return this.pending;
  }
}

/** Mints over HTTP from a sandbox started elsewhere (`npm run sandbox`). */
export function httpMint(apiBaseUrl: string, organization: 'fr' | 'it' = 'fr', role = 'owner', scopes?: string[]): Mint {
  return async () => {
    const res = await fetch(`${apiBaseUrl}/__sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organization, role, ...(scopes ? { scopes } : {}) }),
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok || !isPlainObject(body) || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new Error(`could not get a training token from ${apiBaseUrl}/__sandbox/tokens (HTTP ${res.status}); is it a Counterpay sandbox?`);
    }
    return { access_token: body.access_token, expires_in: body.expires_in };
  };
}
