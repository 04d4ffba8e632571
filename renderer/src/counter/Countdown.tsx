import { useEffect, useRef } from 'react';
import { useNow } from '../hooks/useNow.js';
import { useCounter } from '../store/counter.js';
import { fractionLeft, secondsLeft } from '../logic/countdown.js';
import { ATTEMPT_DEADLINE_MS } from '../../../shared/domain/attempt.js';
import { useT } from '../i18n/useT.js';

/**
 * Time left before the 120 s deadline, recomputed every 250 ms. The bar's width
 * is a CSS custom property set through the CSSOM, which the CSP allows (no
 * inline style attribute).
 */
export function Countdown({ deadlineAt }: { deadlineAt: number }) {
  const t = useT();
  const skew = useCounter((s) => s.clockSkewMs);
  const now = useNow(250) + skew;
  const seconds = secondsLeft(deadlineAt, now);
  const fraction = fractionLeft(deadlineAt, now);
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    barRef.current?.style.setProperty('--left', String(fraction));
  }, [fraction]);

  const urgency = seconds <= 20 ? 'is-urgent' : seconds <= 60 ? 'is-warn' : '';
  return (
    <div className={`countdown ${urgency}`}>
      <div
        ref={barRef}
        className="countdown-bar"
        role="progressbar"
        aria-label={t('countdown.label')}
        aria-valuemin={0}
        aria-valuemax={ATTEMPT_DEADLINE_MS / 1000}
        aria-valuenow={seconds}
        aria-valuetext={t('countdown.valueText', { seconds })}
      >
        <div className="countdown-fill" />
      </div>
      <span className="countdown-text">{t('countdown.text', { seconds })}</span>
    </div>
  );
}
