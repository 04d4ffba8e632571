/** A TokenClient whose refresh answers a test controls, counting every call. */
import type { TokenClient } from '../token-client.js';
import type { TokenSet } from '../token-set.js';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export class FakeTokenClient implements TokenClient {
  refreshCalls: string[] = [];
  revoked: { token: string; hint: string }[] = [];
  /** Next refresh outcome; by default a rotated set valid for one hour after `now()`. */
  nextRefresh: (() => Promise<TokenSet>) | null = null;
  revokeError: Error | null = null;
  private counter = 0;

  constructor(private readonly now: () => number) {}

  exchangeCode(): Promise<TokenSet> {
    return Promise.reject(new Error('not used by these tests'));
  }

  refresh(current: { refresh_token: string; scope: string[] }): Promise<TokenSet> {
    this.refreshCalls.push(current.refresh_token);
    if (this.nextRefresh) return this.nextRefresh();
    this.counter++;
    return Promise.resolve({
      access_token: `at_${this.counter}`, refresh_token: `rt_${this.counter}`, expires_at: this.now() + 3_600_000, scope: current.scope,
    });
  }

  revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
    this.revoked.push({ token, hint });
    return this.revokeError ? Promise.reject(this.revokeError) : Promise.resolve();
  }
}
