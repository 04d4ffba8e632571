import { useState } from 'react';
import { BackOffice } from './backoffice/BackOffice.js';
import { CounterScreen } from './counter/CounterScreen.js';
import { PinPrompt } from './components/PinPrompt.js';
import { TopBar, type Screen } from './components/TopBar.js';

export function App() {
  const [screen, setScreen] = useState<Screen>('counter');
  return (
    <div className="app">
      <TopBar screen={screen} onNavigate={setScreen} />
      <main className="screen">{screen === 'counter' ? <CounterScreen /> : <BackOffice />}</main>
      <PinPrompt />
    </div>
  );
}
