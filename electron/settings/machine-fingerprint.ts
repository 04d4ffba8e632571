/**
 * What tells one computer from another, so a data folder copied to a second computer is
 * recognised: register.json keeps the fingerprint of the computer that works as its register,
 * and the store keeps the fingerprint of the computer holding each register id. A hash, so the
 * host's name and id never leave the computer as such.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname, platform } from 'node:os';

/**
 * Stable across restarts and updates; differs between computers. The OS's machine id where it
 * keeps one (renaming the computer then changes nothing); the host's name otherwise.
 */
export function thisMachine(): string {
  const id = osMachineId();
  return createHash('sha256').update(`${platform()}\0${id || `host:${hostname()}`}`).digest('hex').slice(0, 32);
}

/** A fingerprint read back from a file or the store: 32 lower-case hex digits. */
export function isMachineFingerprint(v: unknown): v is string {
  return typeof v === 'string' && /^[0-9a-f]{32}$/.test(v);
}

function osMachineId(): string {
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = readFileSync(path, 'utf8').trim();
      if (id) return id;
    } catch { /* not this OS, or not readable: the host name still tells computers apart */ }
  }
  return '';
}
