/**
 * The store link's states, and what the top bar, the counter and Settings read
 * of one: the link can look up while the data connection or the last lease
 * request says otherwise, and this is where those are weighed into one status.
 */
import type { StoreLinkView } from '../../shared/ipc/types.js';
import type { ShipperStatus } from './outbox-shipper.js';
import type { StoreProblemCode } from './store-problem.js';

export type StoreLinkState =
  | { state: 'connecting' }
  | { state: 'connected'; shipping: ShipperStatus }
  | { state: 'problem'; code: StoreProblemCode; retrying: boolean };

/** What every view carries whatever the state. */
export type LinkBase = Pick<StoreLinkView, 'registerName' | 'waiting' | 'clockAheadSeconds'>;

/** `gateDown`: the last lease request found the store unreachable (shipping may not have noticed yet). */
export function storeLinkView(s: StoreLinkState, gateDown: boolean, base: LinkBase): StoreLinkView {
  if (s.state === 'connecting') return { ...base, status: 'connecting', problem: null, message: null };
  if (s.state === 'connected') {
    const fork = s.shipping.fork;
    return s.shipping.linkUp && !gateDown
      ? { ...base, status: 'connected', problem: null, message: null, fork }
      : { ...base, status: 'down', problem: 'link_down', message: 'store problem link_down: the data link is down', fork };
  }
  return { ...base, status: s.retrying ? 'down' : 'refused', problem: s.code, message: `store problem ${s.code}` };
}
