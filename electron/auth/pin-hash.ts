/**
 * A PIN kept only as a slow salted hash (scrypt from node:crypto), shared by the register's
 * manager PIN and each staff member's own PIN so both are hashed, shaped and compared the same
 * way. A 4-digit PIN has 10,000 values: the hash's slowness and the lock-out (pin-lockout.ts)
 * are what keep guessing slow.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { isPlainObject } from '../../shared/json.js';

export interface PinHash {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  hash: string;
}

export interface PinCost { N: number; r: number; p: number }

/** 2^14 is the interactive-login cost from the scrypt paper: ~50 ms per attempt here. */
export const DEFAULT_COST: PinCost = { N: 2 ** 14, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
export const PIN_SHAPE = /^[0-9]{4,8}$/;

function derive(pin: string, salt: Buffer, cost: PinCost): Promise<Buffer> {
  const opts: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => scrypt(pin, salt, KEY_BYTES, opts, (e, key) => (e ? reject(e) : resolve(key))));
}

export function isPinHash(v: unknown): v is PinHash {
  return isPlainObject(v) && v.algorithm === 'scrypt'
    && [v.N, v.r, v.p].every((n) => Number.isInteger(n) && (n as number) > 0)
    && typeof v.salt === 'string' && typeof v.hash === 'string'
    && Buffer.from(v.hash, 'base64').length === KEY_BYTES;
}

/** A fresh salt each time: two people with the same PIN get different hashes. The caller checks the shape first. */
export async function hashPin(pin: string, cost: PinCost): Promise<PinHash> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(pin, salt, cost);
  return { algorithm: 'scrypt', ...cost, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

/** Compared in constant time; a PIN of the wrong shape is wrong without being hashed. */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  if (!PIN_SHAPE.test(pin)) return false;
  const actual = await derive(pin, Buffer.from(stored.salt, 'base64'), stored);
  return timingSafeEqual(actual, Buffer.from(stored.hash, 'base64'));
}
