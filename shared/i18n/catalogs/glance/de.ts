/** Deutsch: was auf einen Blick sagt, welcher Verkauf, welches Terminal und welche Umgebung. */
import type { EN_PARTS } from '../en.js';

export const deGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Notiz: {text}',
  'glance.ref.none': 'Keine eingegeben',
  'glance.tech.summary': 'Technische Details',
  'glance.tech.keyHelp': 'Wenn der Support fragt, um welche Zahlung es geht, nennen Sie diesen Schlüssel:',
  'glance.banner.live': '{organization} · live',
  'glance.banner.liveNoOrganization': 'Live',
};
