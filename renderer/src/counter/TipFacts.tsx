import type { Attempt } from '../../../shared/domain/attempt.js';
import { useLocale } from '../hooks/useLocale.js';
import { money } from '../logic/format.js';

/** Asked, tip and authorized, each with its own figure, once the customer added a tip. */
export function TipFacts({ attempt, compact = false }: { attempt: Attempt; compact?: boolean }) {
  const locale = useLocale();
  if (attempt.state !== 'authorized' || attempt.tipMinor === null) return null;
  const m = (minor: number) => money(minor, locale, attempt.currency);
  const authorized = attempt.authorizedAmountMinor ?? attempt.amountMinor;
  if (compact) return <span className="today-tip">Asked {m(attempt.amountMinor)} + tip {m(attempt.tipMinor)}</span>;
  return (
    <dl className="attempt-facts tip-facts" aria-label="Amounts">
      <div><dt>Asked</dt><dd>{m(attempt.amountMinor)}</dd></div>
      <div><dt>Tip</dt><dd>{m(attempt.tipMinor)}</dd></div>
      <div><dt>Authorized</dt><dd>{m(authorized)}</dd></div>
    </dl>
  );
}
