/** Español: el archivo del diario (Historial) y la clave de firma de la caja (Ajustes). */
import type { EN_PARTS } from '../en.js';

export const esArchives: Record<keyof typeof EN_PARTS.archives, string> = {
  'archive.title': 'Archivo para el gestor o el auditor',
  'archive.intro': 'Un fichero con el diario de un mes o de un año, sus cierres de día y la clave pública de esta caja, firmado por esta caja. Cualquiera puede comprobarlo en su propio ordenador; con la huella de la clave de esta caja (Ajustes, clave de firma del diario, o un cierre de día impreso), sin fiarse de este.',
  'archive.month': 'Mes',
  'archive.year': 'Año',
  'archive.yourName': 'Su nombre',
  'archive.doMonth': 'Archivar el mes',
  'archive.doYear': 'Archivar el año',
  'archive.done': 'Archivo guardado: {records, plural, one {# registro del diario} other {# registros del diario}}, {signatures, plural, one {# punto de control firmado} other {# puntos de control firmados}}. Guárdelo con la contabilidad de la tienda.',
  'archive.error.title': 'No se ha archivado nada',
  'archive.error.nothing': 'Esta caja no tiene diario para el mes o el año elegido. Elija un mes o un año en que cobró.',
  'signingKey.title': 'Clave de firma del diario',
  'signingKey.intro': 'Esta caja firma su diario con una clave propia, para que se vea un cambio hecho en el diario fuera de Counterpay.',
  'signingKey.keychain': 'La clave se guarda cifrada por el llavero de este ordenador.',
  'signingKey.file': 'La clave se guarda en un fichero que solo el usuario de este ordenador puede leer.',
  'signingKey.change': 'Cambiar la clave de firma',
  'signingKey.confirm': 'Desde ahora firma una clave nueva. El cambio se escribe en el diario y lo firma la clave actual, así que las firmas anteriores siguen siendo válidas. Cámbiela cuando este ordenador cambie de manos o si la clave pudo copiarse.',
  'signingKey.yes': 'Sí, cambiar la clave',
  'signingKey.no': 'Mantener la clave',
  'signingKey.changed': 'La clave de firma se ha cambiado y el cambio se ha escrito en el diario.',
  'signingKey.error.title': 'El diario no se está firmando',
  'signingKey.error.noKey': 'Esta caja no ha podido leer ni crear su clave de firma. Reinicie Counterpay; si sigue así, avise a quien se ocupa de los ordenadores de la tienda.',
};
