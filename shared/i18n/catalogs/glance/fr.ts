/** Français : ce qui dit d’un coup d’œil quelle vente, quel terminal et quel environnement. */
import type { EN_PARTS } from '../en.js';

export const frGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Note\u00a0: {text}',
  'glance.ref.none': 'Aucune saisie',
  'glance.tech.summary': 'Détails techniques',
  'glance.tech.keyHelp': 'Si l’assistance demande de quel paiement il s’agit, lisez-lui cette clé\u00a0:',
  'glance.banner.live': '{organization} · en réel',
  'glance.banner.liveNoOrganization': 'En réel',
};
