// Composition root: the only place in src/ that picks adapter implementations.
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
