import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsentRoot } from '../features/consent/consent-root.tsx';

/**
 * The app's cookie banner and « Personnaliser » dialog on the prerendered landing page, loaded
 * when the visitor asks for the dialog (src/web/landing/landing-script.ts): the same
 * components as in the app, without its router.
 */
const container = document.createElement('div');
document.body.append(container);
createRoot(container).render(
  <StrictMode>
    <ConsentRoot />
  </StrictMode>,
);
