import { useCounter } from '../store/counter.js';
import type { KeypadKey } from '../logic/keypad.js';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import { useT } from '../i18n/useT.js';

interface KeySpec {
  key: KeypadKey;
  /** Digits and symbols are the same in every language. */
  text?: string;
  /** A key whose face is a word, or a symbol that needs one for screen readers. */
  words?: MessageId;
  label?: MessageId;
  className?: string;
}

// Calculator layout (7-8-9 on top), as on most counter keypads.
const KEYS: KeySpec[] = [
  { key: '7', text: '7' }, { key: '8', text: '8' }, { key: '9', text: '9' },
  { key: '4', text: '4' }, { key: '5', text: '5' }, { key: '6', text: '6' },
  { key: '1', text: '1' }, { key: '2', text: '2' }, { key: '3', text: '3' },
  { key: '00', text: '00' }, { key: '0', text: '0' },
  { key: 'Backspace', text: '⌫', label: 'keypad.backspace', className: 'key-fn' },
  { key: 'Clear', words: 'keypad.clear', className: 'key-clear' },
];

export function Keypad() {
  const t = useT();
  const press = useCounter((s) => s.press);
  return (
    <div className="keypad" role="group" aria-label={t('keypad.label')} data-keypad>
      {KEYS.map((k) => (
        <button key={k.key} type="button" className={`key ${k.className ?? ''}`} aria-label={k.label && t(k.label)} onClick={() => press(k.key)}>
          {k.words ? t(k.words) : k.text}
        </button>
      ))}
    </div>
  );
}
