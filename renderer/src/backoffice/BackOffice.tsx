import { useRef, useState, type KeyboardEvent } from 'react';
import { Cards } from './Cards.js';
import { Clients } from './Clients.js';
import { Deprecations } from './Deprecations.js';
import { ManagerPinNotice } from './ManagerPinNotice.js';
import { OrganizationPanel } from './OrganizationPanel.js';
import { DayHistory } from './history/DayHistory.js';
import { PossibleDuplicates } from './PossibleDuplicates.js';
import { Settings } from './Settings.js';
import { FirstManagerName, Staff } from './Staff.js';
import { useManager } from '../store/manager.js';
import { Terminals } from './Terminals.js';
import { useT } from '../i18n/useT.js';

const TABS = [
  { id: 'terminal', label: 'backoffice.tab.terminal', Panel: Terminals },
  { id: 'cards', label: 'backoffice.tab.cards', Panel: Cards },
  { id: 'clients', label: 'backoffice.tab.clients', Panel: Clients },
  { id: 'organization', label: 'backoffice.tab.organization', Panel: OrganizationPanel },
  { id: 'journal', label: 'backoffice.tab.journal', Panel: DayHistory },
  { id: 'duplicates', label: 'backoffice.tab.duplicates', Panel: PossibleDuplicates },
  { id: 'staff', label: 'staff.tab', Panel: Staff },
  { id: 'settings', label: 'backoffice.tab.settings', Panel: Settings },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** The manager's side: one tab per task; API retirement notices above all of them. */
export function BackOffice() {
  const t = useT();
  const [current, setCurrent] = useState<TabId>('terminal');
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const index = TABS.findIndex((t) => t.id === current);
  const shown = TABS[index] ?? TABS[0];
  // The first time the register's manager PIN opens the back office, its holder is asked for their name, on any tab.
  const nameFirst = useManager((s) => s.view?.nameFirstManager ?? false);

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
      <h1 className="visually-hidden">{t('backoffice.title')}</h1>
      <Deprecations />
      {current !== 'settings' && <ManagerPinNotice />}
      {nameFirst && current !== 'staff' && <FirstManagerName />}
      <div className="bo-layout">
        <div className="bo-tabs" role="tablist" aria-label={t('backoffice.title')} aria-orientation="vertical" onKeyDown={onKeyDown}>
          {TABS.map((tab) => (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={tab.id === current}
              aria-controls={`panel-${tab.id}`}
              tabIndex={tab.id === current ? 0 : -1}
              className={`bo-tab ${tab.id === current ? 'is-current' : ''}`}
              onClick={() => setCurrent(tab.id)}
            >
              {t(tab.label)}
            </button>
          ))}
        </div>
        <div className="bo-panel" role="tabpanel" id={`panel-${shown.id}`} aria-labelledby={`tab-${shown.id}`}>
          <shown.Panel />
        </div>
      </div>
    </div>
  );
}
