import { useLocale } from '../hooks/useLocale.js';
import { dateOnly } from '../logic/format.js';
import { useApp } from '../store/app.js';
import type { DeprecationNotice } from '../../../shared/ipc/types.js';

// One shared empty list: a fresh [] per render makes zustand see a change every time and loop.
const NONE: DeprecationNotice[] = [];

/** Bank routes Counterpay still uses that the bank is retiring: the manager must know before they stop working. */
export function Deprecations() {
  const notices = useApp((s) => s.appState?.deprecations ?? NONE);
  const locale = useLocale();
  if (notices.length === 0) return null;
  return (
    <div className="alert alert-warning deprecations" role="status" aria-label="Deprecation notices">
      <div className="alert-body">
        <strong className="alert-title">The bank is retiring {notices.length === 1 ? 'a route' : 'routes'} this app still uses</strong>
        <ul className="alert-issues">
          {notices.map((n) => (
            <li key={n.route}>
              <span className="mono">{n.route}</span>
              {n.deprecatedSince && <> — deprecated since {dateOnly(n.deprecatedSince, locale)}</>}
              {n.sunset && <> — stops working on {dateOnly(n.sunset, locale)}</>}
              {n.successor && <> — replacement: <span className="mono">{n.successor}</span></>}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
