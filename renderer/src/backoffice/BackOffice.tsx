import { useRef, useState, type KeyboardEvent } from 'react';
import { Cards } from './Cards.js';
import { Clients } from './Clients.js';
import { DefaultTerminal } from './DefaultTerminal.js';
import { Deprecations } from './Deprecations.js';
import { ManagerPinNotice } from './ManagerPinNotice.js';
import { OrganizationPanel } from './OrganizationPanel.js';
import { DayHistory } from './history/DayHistory.js';
import { PossibleDuplicates } from './PossibleDuplicates.js';
import { Settings } from './Settings.js';

const TABS = [
  { id: 'terminal', label: 'Default terminal', Panel: DefaultTerminal },
  { id: 'cards', label: 'Cards', Panel: Cards },
  { id: 'clients', label: 'Clients', Panel: Clients },
  { id: 'organization', label: 'Organization', Panel: OrganizationPanel },
  { id: 'journal', label: 'Payment journal', Panel: DayHistory },
  { id: 'duplicates', label: 'Possible duplicates', Panel: PossibleDuplicates },
  { id: 'settings', label: 'Settings', Panel: Settings },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** The manager's side: one tab per task; API retirement notices above all of them. */
export function BackOffice() {
  const [current, setCurrent] = useState<TabId>('terminal');
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const index = TABS.findIndex((t) => t.id === current);
  const tab = TABS[index] ?? TABS[0];

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
    setCurrent(next.id);
    tabRefs.current[next.id]?.focus();
  };

  return (
    <div className="backoffice">
      <h1 className="visually-hidden">Back office</h1>
      <Deprecations />
      {current !== 'settings' && <ManagerPinNotice />}
      <div className="bo-layout">
        <div className="bo-tabs" role="tablist" aria-label="Back office" aria-orientation="vertical" onKeyDown={onKeyDown}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={t.id === current}
              aria-controls={`panel-${t.id}`}
              tabIndex={t.id === current ? 0 : -1}
              className={`bo-tab ${t.id === current ? 'is-current' : ''}`}
              onClick={() => setCurrent(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="bo-panel" role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`}>
          <tab.Panel />
        </div>
      </div>
    </div>
  );
}
