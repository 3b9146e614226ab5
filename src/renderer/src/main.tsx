// Renderer entry: styles, the React root, and the store's first load (settings, sessions, event subscription).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { useAppState } from './store/appState';
import { isQuickAskView, QuickAsk, useQuickAsk } from './quick-ask';
import './styles/theme.css';
import './styles/layout.css';
import './styles/sidebar.css';
import './styles/folders.css';
import './styles/composer.css';
import './styles/dialog.css';
import './styles/conversation-settings.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The quick-ask window loads the same page with `#quick-ask`: its own small view, not the whole app.
const quickAsk = isQuickAskView();
createRoot(root).render(<StrictMode>{quickAsk ? <QuickAsk /> : <App />}</StrictMode>);
if (quickAsk) void useQuickAsk.getState().init();
else void useAppState.getState().init();
