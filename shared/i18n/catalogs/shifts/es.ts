/** Español: the shift summary, takings by person, the closed day at the counter. */
import type { EN_PARTS } from '../en.js';

export const esShifts: Record<keyof typeof EN_PARTS.shifts, string> = {
  'shift.nobody': 'Nadie identificado',
  'shift.open': 'Mi turno',
  'shift.dialog': 'Resumen del turno',
  'shift.title': 'Resumen del turno — {name}',
  'shift.period': '{day}: de {from} a {to}',
  'shift.periodOpen': '{day}: desde {from}, turno aún abierto',
  'shift.empty': 'Ningún pago ni reembolso de esta persona en este día.',
  'shift.person': 'Persona',
  'shift.print': 'Imprimir el resumen',
  'shift.close': 'Cerrar',
  'shift.printed': '{shop} · impreso el {when}',
  'shift.forPerson': 'Resumen del turno',
  'shift.byPerson': 'Por persona',
  'shift.byPersonHint': 'Elija un nombre para ver e imprimir el resumen del turno de esa persona.',
  'shift.everyone': 'Todos',
  'shift.z.byPerson': 'Cobros por persona',
  'shift.dayClosed.title': 'La jornada está cerrada',
  'shift.dayClosed.message': 'La jornada está cerrada: esta venta necesitará una corrección. Después de la venta, un responsable la registra en el diario de pagos.',
  'shift.error.notYours': 'Un cajero solo ve su propio turno de hoy. Pida a un encargado que abra el resumen de otra persona o de otro día.',
  'shift.ended': 'Su turno ha terminado',
};
