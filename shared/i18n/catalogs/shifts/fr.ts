/** Français: the shift summary, takings by person, the closed day at the counter. */
import type { EN_PARTS } from '../en.js';

export const frShifts: Record<keyof typeof EN_PARTS.shifts, string> = {
  'shift.nobody': 'Aucune personne connectée',
  'shift.open': 'Mon service',
  'shift.dialog': 'Résumé du service',
  'shift.title': 'Résumé du service — {name}',
  'shift.period': '{day}\u202f: de {from} à {to}',
  'shift.periodOpen': '{day}\u202f: depuis {from}, service en cours',
  'shift.empty': 'Aucun paiement ni remboursement de cette personne ce jour-là.',
  'shift.person': 'Personne',
  'shift.print': 'Imprimer le résumé',
  'shift.close': 'Fermer',
  'shift.printed': '{shop} · imprimé le {when}',
  'shift.forPerson': 'Résumé du service',
  'shift.byPerson': 'Par personne',
  'shift.byPersonHint': 'Choisissez un nom pour voir et imprimer le résumé du service de cette personne.',
  'shift.everyone': 'Tout le monde',
  'shift.z.byPerson': 'Encaissements par personne',
  'shift.dayClosed.title': 'La journée est clôturée',
  'shift.dayClosed.message': 'La journée est clôturée\u202f: cette vente demandera une correction. Après la vente, un responsable l’enregistre dans le journal des paiements.',
  'shift.error.notYours': 'Un caissier ne voit que sa propre journée d\'aujourd\'hui. Demandez à un responsable d\'ouvrir le récapitulatif d\'une autre personne ou d\'un autre jour.',
  'shift.ended': 'Votre service est terminé',
};
