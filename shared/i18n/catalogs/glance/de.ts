/** Deutsch: was auf einen Blick sagt, welcher Verkauf, welches Terminal und welche Umgebung. */
import type { EN_PARTS } from '../en.js';

export const deGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Notiz: {text}',
  'glance.ref.none': 'Keine eingegeben',
  'glance.tech.summary': 'Technische Details',
  'glance.tech.keyHelp': 'Wenn der Support fragt, um welche Zahlung es geht, nennen Sie diesen Schlüssel:',
  'glance.banner.live': '{organization} · live',
  'glance.banner.liveNoOrganization': 'Live',
  'glance.terminal.option': '{terminal} — {state}',
  'glance.terminal.ready': 'bereit',
  'glance.terminal.waitingHere': 'wartet auf eine Zahlung dieser Kasse',
  'glance.terminal.busyElsewhere': 'belegt von {register} seit {minutes, plural, =0 {weniger als einer Minute} one {# Minute} other {# Minuten}}',
  'glance.terminal.noAnswer': 'hat letztes Mal nicht geantwortet ({when})',
  'glance.terminal.chargeWhileWaiting': 'Kassieren wird abgelehnt, bis die Zahlung dieser Kasse an das Terminal beendet ist. Ihr Betrag bleibt erhalten.',
  'glance.terminal.chargeWhileBusy': 'Kassieren wird abgelehnt und nichts gesendet, solange {register} es benutzt: warten Sie das Ende ab oder wählen Sie ein anderes Terminal.',
  'glance.terminal.chargeAfterNoAnswer': 'Kassieren sendet wie gewohnt: prüfen Sie zuerst, ob es eingeschaltet ist und keine andere Zahlung anzeigt.',
  'glance.terminal.shortcut': 'Tastenkürzel für die Terminalwahl',
  'glance.checked': 'Geprüft um {time, time, medium}: noch keine Antwort.',
  'glance.checking': 'Die Bank wird gefragt…',
  'glance.terminal.nameTooLong': 'Dieser Name hat {count} Zeichen; ein Terminalname hat höchstens {max}. Kürzen Sie ihn, um ihn zu speichern.',
};
