/** Italiano: ciò che dice a colpo d’occhio quale vendita, quale terminale e quale ambiente. */
import type { EN_PARTS } from '../en.js';

export const itGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Nota: {text}',
  'glance.ref.none': 'Nessuno inserito',
  'glance.tech.summary': 'Dettagli tecnici',
  'glance.tech.keyHelp': 'Se l’assistenza chiede di quale pagamento si tratta, leggete loro questa chiave:',
  'glance.banner.live': '{organization} · reale',
  'glance.banner.liveNoOrganization': 'Reale',
};
