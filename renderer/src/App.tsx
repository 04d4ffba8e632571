import { lazy, Suspense, useEffect, useState } from 'react';
import { CounterScreen } from './counter/CounterScreen.js';
import { PinPrompt } from './components/PinPrompt.js';
import { TopBar, type Screen } from './components/TopBar.js';
import { useManagerKey } from './hooks/useManagerKey.js';
import { useManager } from './store/manager.js';

// The back office is the manager's, opened a few times a day: the counter's first load does not carry it.
const BackOffice = lazy(() => import('./backoffice/BackOffice.js').then((m) => ({ default: m.BackOffice })));

/**
 * The cashier's view is the counter (with Today); everything else is the
 * manager's view, reached only while the main process says it is open: with
 * the PIN, or on first run before a PIN is set. When it locks (the key, the
 * Lock button, or idle minutes), the screen goes back to the counter.
 */
export function App() {
  const [screen, setScreen] = useState<Screen>('counter');
  const managerOpen = useManager((s) => !!s.view && (!s.view.hasPin || s.view.unlocked));
  const shown: Screen = screen === 'backoffice' && managerOpen ? 'backoffice' : 'counter';

  useEffect(() => {
    if (!managerOpen) setScreen('counter');
  }, [managerOpen]);

  const navigate = async (next: Screen) => {
    if (next === 'counter') return setScreen(next);
    // Pressed before the lock state arrived: ask main first, so a first run without a PIN never prompts for one.
    if (!useManager.getState().view) await useManager.getState().load();
    if (useManager.getState().isOpen() || (await useManager.getState().ask())) setScreen(next);
  };
  const toggleManager = async () => {
    if (shown === 'counter') return navigate('backoffice');
    setScreen('counter');
    if (useManager.getState().view?.hasPin) await useManager.getState().lock();
  };
  useManagerKey(() => void toggleManager());

  return (
    <div className="app">
      <TopBar screen={shown} onNavigate={(s) => void navigate(s)} onLock={() => void toggleManager()} />
      <main className="screen">
        {shown === 'counter' ? <CounterScreen /> : <Suspense fallback={null}><BackOffice /></Suspense>}
      </main>
      <PinPrompt />
    </div>
  );
}
