/** Italiano: l’archivio del giornale (Storico) e la chiave di firma della cassa (Impostazioni). */
import type { EN_PARTS } from '../en.js';

export const itArchives: Record<keyof typeof EN_PARTS.archives, string> = {
  'archive.title': 'Archivio per il commercialista o il revisore',
  'archive.intro': 'Un file con il giornale di un mese o di un anno, le sue chiusure giornaliere e la chiave pubblica di questa cassa, firmato da questa cassa. Chiunque può verificarlo sul proprio computer; con l’impronta della chiave di questa cassa (Impostazioni, chiave di firma del giornale, o una chiusura giornaliera stampata), senza doversi fidare di questo.',
  'archive.month': 'Mese',
  'archive.year': 'Anno',
  'archive.yourName': 'Il tuo nome',
  'archive.doMonth': 'Archivia il mese',
  'archive.doYear': 'Archivia l’anno',
  'archive.done': 'Archivio salvato: {records, plural, one {# registrazione del giornale} other {# registrazioni del giornale}}, {signatures, plural, one {# punto di controllo firmato} other {# punti di controllo firmati}}. Conservalo con la contabilità del negozio.',
  'archive.error.title': 'Non è stato archiviato nulla',
  'archive.error.nothing': 'Questa cassa non ha un giornale per il mese o l’anno scelto. Scegli un mese o un anno in cui ha incassato.',
  'signingKey.title': 'Chiave di firma del giornale',
  'signingKey.intro': 'Questa cassa firma il proprio giornale con una chiave sua, così una modifica al giornale fatta fuori da Counterpay si vede.',
  'signingKey.keychain': 'La chiave è conservata cifrata dal portachiavi di questo computer.',
  'signingKey.file': 'La chiave è conservata in un file che solo l’utente di questo computer può leggere.',
  'signingKey.change': 'Cambia la chiave di firma',
  'signingKey.confirm': 'Da ora firma una nuova chiave. Il cambio è scritto nel giornale e firmato dalla chiave attuale, quindi le firme precedenti restano valide. Cambiala quando questo computer cambia proprietario o se la chiave può essere stata copiata.',
  'signingKey.yes': 'Sì, cambia la chiave',
  'signingKey.no': 'Tieni la chiave',
  'signingKey.changed': 'La chiave di firma è stata cambiata e il cambio scritto nel giornale.',
  'signingKey.error.title': 'Il giornale non viene firmato',
  'signingKey.error.noKey': 'Questa cassa non è riuscita a leggere né a creare la sua chiave di firma. Riavvia Counterpay; se il problema resta, rivolgiti a chi si occupa dei computer del negozio.',
};
