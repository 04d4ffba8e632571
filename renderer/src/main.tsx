import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { hasBridge } from './bridge.js';
import { connectEvents, initialLoad } from './store/events.js';
import './styles/base.css';
import './styles/topbar.css';
import './styles/counter.css';
import './styles/backoffice.css';
import './styles/history.css';

const root = createRoot(document.getElementById('root')!);

if (hasBridge()) {
  connectEvents();
  void initialLoad();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} else {
  // Without the bridge nothing can work; say so instead of showing a screen that silently fails.
  root.render(
    <div className="fatal" role="alert">
      <h1>Counterpay cannot start</h1>
      <p>The connection to the payment engine (window.counterpay) is missing. Restart the application.</p>
    </div>,
  );
}
