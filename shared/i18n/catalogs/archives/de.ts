/** Deutsch: das Journal-Archiv (Verlauf) und der Signaturschlüssel der Kasse (Einstellungen). */
import type { EN_PARTS } from '../en.js';

export const deArchives: Record<keyof typeof EN_PARTS.archives, string> = {
  'archive.title': 'Archiv für Steuerberatung oder Prüfung',
  'archive.intro': 'Eine Datei mit dem Journal eines Monats oder Jahres, seinen Tagesabschlüssen und dem öffentlichen Schlüssel dieser Kasse, von dieser Kasse signiert. Jeder kann sie auf dem eigenen Computer prüfen; mit dem Fingerabdruck des Schlüssels dieser Kasse (Einstellungen, Signaturschlüssel des Journals, oder ein gedruckter Tagesabschluss), ohne diesem vertrauen zu müssen.',
  'archive.month': 'Monat',
  'archive.year': 'Jahr',
  'archive.yourName': 'Ihr Name',
  'archive.doMonth': 'Monat archivieren',
  'archive.doYear': 'Jahr archivieren',
  'archive.done': 'Archiv gespeichert: {records, plural, one {# Journaleintrag} other {# Journaleinträge}}, {signatures, plural, one {# signierter Prüfpunkt} other {# signierte Prüfpunkte}}. Bewahren Sie es bei der Buchhaltung des Geschäfts auf.',
  'archive.error.title': 'Nichts wurde archiviert',
  'archive.error.nothing': 'Diese Kasse hat für den gewählten Monat oder das gewählte Jahr kein Journal. Wählen Sie einen Monat oder ein Jahr, in dem sie Zahlungen angenommen hat.',
  'signingKey.title': 'Signaturschlüssel des Journals',
  'signingKey.intro': 'Diese Kasse signiert ihr Journal mit einem eigenen Schlüssel, damit eine Änderung am Journal außerhalb von Counterpay sichtbar wird.',
  'signingKey.keychain': 'Der Schlüssel wird vom Schlüsselbund dieses Computers verschlüsselt aufbewahrt.',
  'signingKey.file': 'Der Schlüssel liegt in einer Datei, die nur der Benutzer dieses Computers lesen kann.',
  'signingKey.change': 'Signaturschlüssel wechseln',
  'signingKey.confirm': 'Ab jetzt signiert ein neuer Schlüssel. Der Wechsel wird im Journal festgehalten und vom bisherigen Schlüssel signiert, frühere Signaturen bleiben also gültig. Wechseln Sie ihn, wenn dieser Computer den Besitzer wechselt oder der Schlüssel kopiert worden sein könnte.',
  'signingKey.yes': 'Ja, Schlüssel wechseln',
  'signingKey.no': 'Schlüssel behalten',
  'signingKey.changed': 'Der Signaturschlüssel wurde gewechselt und der Wechsel im Journal festgehalten.',
  'signingKey.error.title': 'Das Journal wird nicht signiert',
  'signingKey.error.noKey': 'Diese Kasse konnte ihren Signaturschlüssel weder lesen noch erstellen. Starten Sie Counterpay neu; bleibt es so, wenden Sie sich an die Person, die die Computer des Geschäfts betreut.',
};
