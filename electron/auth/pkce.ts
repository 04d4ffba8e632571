/**
 * PKCE (RFC 7636) and the anti-CSRF `state`. The bank's docs do not list PKCE,
 * but its OAuth server (Ory Hydra) supports it and a first-party desktop CLI
 * sends it together with the client secret, so Counterpay always uses S256:
 * a code intercepted on the loopback redirect is useless without the verifier.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: 'S256';
}

const MIN_VERIFIER = 43;
const MAX_VERIFIER = 128;
/** RFC 7636 §4.1: unreserved characters only. base64url output is a subset. */
const VERIFIER_SHAPE = /^[A-Za-z0-9\-._~]{43,128}$/;

function randomBase64Url(chars: number): string {
  // 3 bytes give 4 base64 characters; draw enough, then trim to the exact length.
  return randomBytes(Math.ceil((chars * 3) / 4)).toString('base64url').slice(0, chars);
}

/** Default 64 characters = 384 bits of entropy, well above the RFC's 256-bit advice. */
export function createCodeVerifier(length = 64): string {
  if (!Number.isInteger(length) || length < MIN_VERIFIER || length > MAX_VERIFIER) {
    throw new RangeError(`a PKCE code_verifier must be ${MIN_VERIFIER}-${MAX_VERIFIER} characters, got ${length}`);
  }
  return randomBase64Url(length);
}

export function s256Challenge(verifier: string): string {
  if (!VERIFIER_SHAPE.test(verifier)) {
    throw new RangeError('a PKCE code_verifier must be 43-128 unreserved characters [A-Za-z0-9-._~]');
  }
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function createPkcePair(length?: number): PkcePair {
  const verifier = createCodeVerifier(length);
  return { verifier, challenge: s256Challenge(verifier), method: 'S256' };
}

/** 256 bits: unguessable by a page that tries to forge a callback to the loopback listener. */
export function createState(): string {
  return randomBase64Url(43);
}
