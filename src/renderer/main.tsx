// First: it sends the first requests before the rest of the code is evaluated.
import { firstScreenStarted } from './boot';
import { firstScreenReady } from './firstScreen';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
// The first render waits a moment for the first screen's data (asked for by boot.ts): the
// shell and its data in one render and one layout, not two.
void firstScreenReady(firstScreenStarted).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
