/** Français : ce qui dit d’un coup d’œil quelle vente, quel terminal et quel environnement. */
import type { EN_PARTS } from '../en.js';

export const frGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Note\u00a0: {text}',
  'glance.ref.none': 'Aucune saisie',
  'glance.tech.summary': 'Détails techniques',
  'glance.tech.keyHelp': 'Si l’assistance demande de quel paiement il s’agit, lisez-lui cette clé\u00a0:',
  'glance.banner.live': '{organization} · en réel',
  'glance.banner.liveNoOrganization': 'En réel',
  'glance.terminal.option': '{terminal} — {state}',
  'glance.terminal.ready': 'prêt',
  'glance.terminal.waitingHere': 'attend un paiement de cette caisse',
  'glance.terminal.busyElsewhere': 'occupé par {register} depuis {minutes, plural, =0 {moins d’une minute} one {# minute} other {# minutes}}',
  'glance.terminal.noAnswer': 'n’a pas répondu la dernière fois ({when})',
  'glance.terminal.chargeWhileWaiting': 'Encaisser sera refusé tant que le paiement envoyé par cette caisse n’est pas terminé. Le montant est conservé.',
  'glance.terminal.chargeWhileBusy': 'Encaisser sera refusé et rien ne sera envoyé tant que {register} l’utilise\u00a0: attendez la fin, ou choisissez un autre terminal.',
  'glance.terminal.chargeAfterNoAnswer': 'Encaisser l’enverra normalement\u00a0: vérifiez d’abord qu’il est allumé et n’affiche aucun autre paiement.',
  'glance.terminal.shortcut': 'Raccourci pour choisir le terminal',
  'glance.checked': 'Vérifié à {time, time, medium}\u00a0: toujours pas de réponse.',
  'glance.checking': 'Question posée à la banque…',
  'glance.terminal.nameTooLong': 'Ce nom fait {count} caractères\u202f; un nom de terminal en compte au plus {max}. Raccourcissez-le pour l’enregistrer.',
};
