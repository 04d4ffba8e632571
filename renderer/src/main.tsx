import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { hasBridge } from './bridge.js';
import { DEFAULT_LANGUAGE, languageOf } from '../../shared/i18n/languages.js';
import { I18nProvider, LanguageProvider } from './i18n/I18nProvider.js';
import { askLanguageFirst } from './i18n/first-language.js';
import { FatalScreen } from './components/FatalScreen.js';
import { connectEvents, initialLoad } from './store/events.js';
import './styles/base.css';
import './styles/topbar.css';
import './styles/counter.css';
import './styles/backoffice.css';
import './styles/history.css';
import './receipts/receipts.css';
import './shifts/shifts.css';

const root = createRoot(document.getElementById('root')!);

if (hasBridge()) {
  connectEvents();
  void askLanguageFirst();
  void initialLoad();
  root.render(
    <StrictMode>
      <I18nProvider>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
} else {
  // Without the bridge nothing can work, and no organization language is known: the system's, else French.
  root.render(
    <LanguageProvider language={languageOf(navigator.language) ?? DEFAULT_LANGUAGE}>
      <FatalScreen />
    </LanguageProvider>,
  );
}
