/**
 * The IPC methods an environment answers (the contract's 'environment' level), and the one way a
 * table of handlers over them is built: the live till's routing and the closed till's refusals
 * each make one handler per method, so the list and its untyped table live here once.
 */
import { CONTRACT, METHODS, type Method } from '../../shared/ipc/contract.js';

/** A handler table indexed by method name, before it is handed out as its typed contract. */
export type HandlerTable = Partial<Record<Method, (req: unknown) => Promise<unknown>>>;

export const ENVIRONMENT_METHODS: readonly Method[] = METHODS.filter((m) => CONTRACT[m].level === 'environment');

/** One handler per environment method except `skip`, each made by `make`. */
export function environmentTable(make: (m: Method) => (req: unknown) => Promise<unknown>, skip: readonly Method[] = []): HandlerTable {
  const out: HandlerTable = {};
  for (const m of ENVIRONMENT_METHODS) if (!skip.includes(m)) out[m] = make(m);
  return out;
}
