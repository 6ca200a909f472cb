import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prefetchFirstScreen } from './App';
import './styles.css';

// The first screen's data is asked for as soon as main says the app is open (not after the shell
// mounted, a commit and a paint later).
prefetchFirstScreen();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
