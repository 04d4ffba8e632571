/** Español: lo que dice de un vistazo qué venta, qué terminal y qué entorno. */
import type { EN_PARTS } from '../en.js';

export const esGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Nota: {text}',
  'glance.ref.none': 'Ninguna escrita',
  'glance.tech.summary': 'Detalles técnicos',
  'glance.tech.keyHelp': 'Si el soporte pregunta de qué pago se trata, léales esta clave:',
  'glance.banner.live': '{organization} · real',
  'glance.banner.liveNoOrganization': 'Real',
};
