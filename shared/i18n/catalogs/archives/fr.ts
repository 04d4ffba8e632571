/** Français : l’archive du journal (Historique) et la clé de signature de la caisse (Réglages). */
import type { EN_PARTS } from '../en.js';

export const frArchives: Record<keyof typeof EN_PARTS.archives, string> = {
  'archive.title': 'Archive pour le comptable ou le contrôleur',
  'archive.intro': 'Un fichier avec le journal d’un mois ou d’une année, ses clôtures de journée et la clé publique de cette caisse, signé par cette caisse. Chacun peut le vérifier sur son propre ordinateur ; avec l’empreinte de la clé de cette caisse (Réglages, clé de signature du journal, ou une clôture de journée imprimée), sans faire confiance à celui-ci.',
  'archive.month': 'Mois',
  'archive.year': 'Année',
  'archive.yourName': 'Votre nom',
  'archive.doMonth': 'Archiver le mois',
  'archive.doYear': 'Archiver l’année',
  'archive.done': 'Archive enregistrée\u00a0: {records, plural, one {# enregistrement du journal} other {# enregistrements du journal}}, {signatures, plural, one {# point de contrôle signé} other {# points de contrôle signés}}. Gardez-la avec la comptabilité du magasin.',
  'archive.error.title': 'Rien n’a été archivé',
  'archive.error.nothing': 'Cette caisse n’a pas de journal pour le mois ou l’année choisis. Choisissez un mois ou une année où elle a encaissé.',
  'signingKey.title': 'Clé de signature du journal',
  'signingKey.intro': 'Cette caisse signe son journal avec sa propre clé\u00a0: une modification du journal faite hors de Counterpay se voit.',
  'signingKey.keychain': 'La clé est conservée chiffrée par le trousseau de cet ordinateur.',
  'signingKey.file': 'La clé est conservée dans un fichier que seul l’utilisateur de cet ordinateur peut lire.',
  'signingKey.change': 'Changer la clé de signature',
  'signingKey.confirm': 'Une nouvelle clé signe à partir de maintenant. Le changement est écrit dans le journal et signé par la clé actuelle\u00a0: les signatures précédentes restent valables. Changez-la quand cet ordinateur change de mains ou si la clé a pu être copiée.',
  'signingKey.yes': 'Oui, changer la clé',
  'signingKey.no': 'Garder la clé',
  'signingKey.changed': 'La clé de signature a été changée et le changement écrit dans le journal.',
  'signingKey.error.title': 'Le journal n’est pas signé',
  'signingKey.error.noKey': 'Cette caisse n’a pas pu lire ni créer sa clé de signature. Redémarrez Counterpay\u00a0; si cela persiste, contactez la personne qui s’occupe des ordinateurs du magasin.',
};
