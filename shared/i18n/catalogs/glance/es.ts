/** Español: lo que dice de un vistazo qué venta, qué terminal y qué entorno. */
import type { EN_PARTS } from '../en.js';

export const esGlance: Record<keyof typeof EN_PARTS.glance, string> = {
  'glance.ref.note': 'Nota: {text}',
  'glance.ref.none': 'Ninguna escrita',
  'glance.tech.summary': 'Detalles técnicos',
  'glance.tech.keyHelp': 'Si el soporte pregunta de qué pago se trata, léales esta clave:',
  'glance.banner.live': '{organization} · real',
  'glance.banner.liveNoOrganization': 'Real',
  'glance.terminal.option': '{terminal} — {state}',
  'glance.terminal.ready': 'listo',
  'glance.terminal.waitingHere': 'esperando un pago de esta caja',
  'glance.terminal.busyElsewhere': 'ocupado por {register} desde hace {minutes, plural, =0 {menos de un minuto} one {# minuto} other {# minutos}}',
  'glance.terminal.noAnswer': 'no respondió la última vez ({when})',
  'glance.terminal.chargeWhileWaiting': 'Cobrar se rechazará hasta que termine el pago que esta caja le envió. El importe se conserva.',
  'glance.terminal.chargeWhileBusy': 'Cobrar se rechazará y no se enviará nada mientras {register} lo use: espere a que termine o elija otro terminal.',
  'glance.terminal.chargeAfterNoAnswer': 'Cobrar lo enviará como siempre: compruebe antes que está encendido y no muestra otro pago.',
  'glance.terminal.shortcut': 'Atajo para elegir el terminal',
  'glance.checked': 'Comprobado a las {time, time, medium}: sigue sin respuesta.',
  'glance.checking': 'Preguntando al banco…',
  'glance.terminal.nameTooLong': 'Este nombre tiene {count} caracteres; el nombre de un terminal tiene como máximo {max}. Acórtelo para guardarlo.',
};
