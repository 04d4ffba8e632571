/** Italiano: the shift summary, takings by person, the closed day at the counter. */
import type { EN_PARTS } from '../en.js';

export const itShifts: Record<keyof typeof EN_PARTS.shifts, string> = {
  'shift.nobody': 'Nessuno connesso',
  'shift.open': 'Il mio turno',
  'shift.dialog': 'Riepilogo del turno',
  'shift.title': 'Riepilogo del turno — {name}',
  'shift.period': '{day}: dalle {from} alle {to}',
  'shift.periodOpen': '{day}: dalle {from}, turno ancora aperto',
  'shift.empty': 'Nessun pagamento né rimborso di questa persona in questo giorno.',
  'shift.person': 'Persona',
  'shift.print': 'Stampa il riepilogo',
  'shift.close': 'Chiudi',
  'shift.printed': '{shop} · stampato il {when}',
  'shift.forPerson': 'Riepilogo del turno',
  'shift.byPerson': 'Per persona',
  'shift.byPersonHint': 'Scegli un nome per vedere e stampare il riepilogo del turno di quella persona.',
  'shift.everyone': 'Tutti',
  'shift.z.byPerson': 'Incassi per persona',
  'shift.dayClosed.title': 'La giornata è chiusa',
  'shift.dayClosed.message': 'La giornata è chiusa: questa vendita richiederà una correzione. Dopo la vendita, un responsabile la registra nel giornale dei pagamenti.',
  'shift.error.notYours': 'Un cassiere vede solo il proprio turno di oggi. Chiedi a un responsabile di aprire il riepilogo di un\'altra persona o di un altro giorno.',
  'shift.ended': 'Il tuo turno è terminato',
};
