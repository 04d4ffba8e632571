/** A person as screens and reports name them: their name, or the plain words for sales made with nobody signed in. */
import type { PersonChoice } from '../../../shared/domain/staff-figures.js';
import type { Translate } from '../../../shared/i18n/translate.js';

export function personWords(t: Translate, who: Pick<PersonChoice, 'person'>): string {
  return who.person?.name ?? t('shift.nobody');
}
