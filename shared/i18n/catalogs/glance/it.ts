/** Italiano: ciò che dice a colpo d’occhio quale vendita, quale terminale e quale ambiente. */
import type { EN_PARTS } from '../en.js';

export const itGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Nota: {text}',
  'glance.ref.none': 'Nessuno inserito',
  'glance.tech.summary': 'Dettagli tecnici',
  'glance.tech.keyHelp': 'Se l’assistenza chiede di quale pagamento si tratta, leggete loro questa chiave:',
  'glance.banner.live': '{organization} · reale',
  'glance.banner.liveNoOrganization': 'Reale',
  'glance.terminal.option': '{terminal} — {state}',
  'glance.terminal.ready': 'pronto',
  'glance.terminal.waitingHere': 'in attesa di un pagamento da questa cassa',
  'glance.terminal.busyElsewhere': 'occupato da {register} da {minutes, plural, =0 {meno di un minuto} one {# minuto} other {# minuti}}',
  'glance.terminal.noAnswer': 'non ha risposto l’ultima volta ({when})',
  'glance.terminal.chargeWhileWaiting': 'Incassa sarà rifiutato finché il pagamento inviato da questa cassa non è concluso. L’importo resta.',
  'glance.terminal.chargeWhileBusy': 'Incassa sarà rifiutato e non verrà inviato nulla finché {register} lo usa: attendete la fine o scegliete un altro terminale.',
  'glance.terminal.chargeAfterNoAnswer': 'Incassa lo invierà come sempre: prima controllate che sia acceso e non mostri un altro pagamento.',
  'glance.terminal.shortcut': 'Scorciatoia per scegliere il terminale',
  'glance.checked': 'Controllato alle {time, time, medium}: ancora nessuna risposta.',
  'glance.checking': 'Domanda inviata alla banca…',
  'glance.terminal.nameTooLong': 'Questo nome ha {count} caratteri; il nome di un terminale ne ha al massimo {max}. Accorciatelo per salvarlo.',
};
