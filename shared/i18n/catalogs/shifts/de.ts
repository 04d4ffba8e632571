/** Deutsch: the shift summary, takings by person, the closed day at the counter. */
import type { EN_PARTS } from '../en.js';

export const deShifts: Record<keyof typeof EN_PARTS.shifts, string> = {
  'shift.nobody': 'Niemand angemeldet',
  'shift.open': 'Meine Schicht',
  'shift.dialog': 'Schichtbericht',
  'shift.title': 'Schichtbericht — {name}',
  'shift.period': '{day}: von {from} bis {to}',
  'shift.periodOpen': '{day}: ab {from}, Schicht noch offen',
  'shift.empty': 'Keine Zahlung und keine Erstattung dieser Person an diesem Tag.',
  'shift.person': 'Person',
  'shift.print': 'Bericht drucken',
  'shift.close': 'Schließen',
  'shift.printed': '{shop} · gedruckt am {when}',
  'shift.forPerson': 'Schichtbericht',
  'shift.byPerson': 'Nach Person',
  'shift.byPersonHint': 'Wählen Sie einen Namen, um den Schichtbericht dieser Person zu sehen und zu drucken.',
  'shift.everyone': 'Alle',
  'shift.z.byPerson': 'Einnahmen nach Person',
  'shift.dayClosed.title': 'Der Tag ist abgeschlossen',
  'shift.dayClosed.message': 'Der Tag ist abgeschlossen: Dieser Verkauf braucht eine Korrektur. Nach dem Verkauf trägt sie eine Führungskraft im Zahlungsjournal ein.',
  'shift.error.notYours': 'Kassierer sehen nur ihre eigene Schicht von heute. Bitten Sie eine Leitung, die Übersicht einer anderen Person oder eines anderen Tages zu öffnen.',
  'shift.ended': 'Ihre Schicht ist beendet',
};
