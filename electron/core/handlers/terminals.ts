/** The bank's terminal list with the shop's names and last uses, and this register's default terminal. */
import type { Handlers } from '../../../shared/ipc/contract.js';
import type { TerminalsView } from '../../../shared/ipc/types.js';
import type { AttemptTerminal } from '../../../shared/domain/attempt.js';
import type { Terminal } from '../../../shared/domain/bank.js';
import { checkTerminalName, terminalNameProblemWords } from '../../../shared/validation/terminal-name.js';
import { NamesNotShared, NameTakenInStore, type TerminalEntry } from '../../terminals/terminal-directory.js';
import type { KnownTerminal } from '../../history/export-table.js';
import type { CoreContext } from '../context.js';
import { CoreError } from '../errors.js';

export function terminalsView(terminals: Terminal[], defaultTerminalId: string | null, known: Record<string, TerminalEntry> = {}): TerminalsView {
  const views = terminals.map((t) => ({ id: t.id, poiId: t.poi_id, name: known[t.id]?.name ?? null, lastUsedAt: known[t.id]?.lastUsedAt ?? null }));
  // ISO times of one clock compare as text.
  const lastUsed = views.filter((t) => t.lastUsedAt !== null).sort((a, b) => (a.lastUsedAt! < b.lastUsedAt! ? 1 : -1))[0];
  return {
    terminals: views,
    lastUsedId: lastUsed?.id ?? null,
    defaultTerminalId,
    defaultMissing: defaultTerminalId !== null && !terminals.some((t) => t.id === defaultTerminalId),
  };
}

/**
 * The terminals view every window shows. A manager's change is always announced (other windows
 * follow); a refresh or a sale's last use only when something changed. The bank's last list is
 * kept so a sale re-announces the view without asking the bank again.
 */
export class TerminalViews {
  private lastSeen = '';
  private terminals: Terminal[] | null = null;

  constructor(private readonly ctx: CoreContext) {}

  async publish(terminals: Terminal[], changedHere = false): Promise<TerminalsView> {
    this.terminals = terminals;
    const view = terminalsView(terminals, this.ctx.settings.get().defaultTerminalId, await this.ctx.terminalDirectory.entries());
    const fingerprint = JSON.stringify(view);
    if (changedHere || (this.lastSeen && fingerprint !== this.lastSeen)) this.ctx.events.emit('terminalsChanged', view);
    this.lastSeen = fingerprint;
    return view;
  }

  /** The terminal's serial and shop name as last listed, journaled with a new attempt; undefined before the bank listed it. */
  async describe(terminalId: string): Promise<AttemptTerminal | undefined> {
    const listed = this.terminals?.find((t) => t.id === terminalId);
    if (!listed) return undefined;
    const known = await this.ctx.terminalDirectory.entries();
    return { serial: listed.poi_id, name: known[terminalId]?.name ?? null };
  }

  /** Every terminal the register knows: serial when the bank listed it, the shop's name when it has one. */
  async known(): Promise<Map<string, KnownTerminal>> {
    const entries = await this.ctx.terminalDirectory.entries();
    const known = new Map<string, KnownTerminal>(Object.entries(entries).map(([id, e]) => [id, { serial: null, name: e.name }]));
    for (const t of this.terminals ?? []) known.set(t.id, { serial: t.poi_id, name: entries[t.id]?.name ?? null });
    return known;
  }

  /** After a sale noted a terminal's last use: the counter's picker says "last used" at once. */
  async republish(): Promise<void> {
    if (this.terminals) await this.publish(this.terminals);
  }
}

export function terminalHandlers(ctx: CoreContext, views = new TerminalViews(ctx)): Pick<Handlers, 'listTerminals' | 'setDefaultTerminal' | 'setTerminalName'> {
  const publish = (terminals: Terminal[], changedHere = false) => views.publish(terminals, changedHere);
  const listed = async (terminalId: string): Promise<Terminal[]> => {
    const terminals = await ctx.api.terminals.listAll();
    if (!terminals.some((t) => t.id === terminalId)) {
      throw CoreError.of('not_found', 'terminal.not_listed', undefined);
    }
    return terminals;
  };

  return {
    async listTerminals() {
      return publish(await ctx.api.terminals.listAll());
    },
    async setDefaultTerminal({ terminalId }) {
      const terminals = await listed(terminalId);
      await ctx.settings.setDefaultTerminal(terminalId);
      return publish(terminals, true);
    },
    async setTerminalName({ terminalId, name }) {
      const terminals = await listed(terminalId);
      const known = await ctx.terminalDirectory.entries();
      const others = terminals.filter((t) => t.id !== terminalId).map((t) => known[t.id]?.name).filter((n): n is string => !!n);
      const checked = checkTerminalName(name, others);
      if (!checked.ok) {
        const detail = terminalNameProblemWords(checked);
        const issues = [{ pointer: '/name', code: checked.why, detail }];
        if (checked.why === 'too_long') throw CoreError.of('invalid_request', 'terminal.name_too_long', { max: checked.max }, { issues });
        if (checked.why === 'taken') throw CoreError.of('invalid_request', 'terminal.name_taken', { name: checked.name }, { issues });
        throw CoreError.of('invalid_request', 'terminal.name_invisible', undefined, { issues });
      }
      try {
        await ctx.terminalDirectory.setName(terminalId, checked.name);
      } catch (e) {
        if (e instanceof NamesNotShared) throw CoreError.of('conflict', 'terminal.names_not_shared', undefined);
        if (e instanceof NameTakenInStore) throw CoreError.of('invalid_request', 'terminal.name_taken', { name: e.taken }, { issues: [{ pointer: '/name', code: 'taken', detail: terminalNameProblemWords({ why: 'taken', name: e.taken }) }] });
        throw e;
      }
      return publish(terminals, true);
    },
  };
}
