/** The screen's translator: t('message.id', values), checked against the English ids by the compiler. */
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { Translate } from '../../../shared/i18n/translate.js';

export type { Translate };

export function useT(): Translate {
  const intl = useIntl();
  return (id: MessageId, values?: Record<string, string | number | Date>) => intl.formatMessage({ id }, values);
}
