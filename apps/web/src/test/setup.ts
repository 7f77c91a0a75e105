import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { activateLanguage, loadStaffMessages } from '../i18n/i18n';

// The screens' texts come from the English catalogues unless a test activates another language.
await activateLanguage('en');
await loadStaffMessages();

// findBy… and waitFor wait up to 5 s, not 1 s: on a loaded machine (CI runs every project at once
// on 2 cores) a screen's next render has come later than 1 s, and the test failed though it was right.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library only cleans up by itself when the runner exposes globals; this project does not.
afterEach(() => {
  cleanup();
});

// Every web file shares one jsdom (vitest.config.ts): after a file, what it left in the window goes,
// so the next file starts as in a window of its own: empty storage, document and history, no stubbed
// globals, no fake clock (no web test sets a cookie). Testing Library's cleanup has unmounted its screens.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'speechSynthesis'); // jsdom has none; the call-out tests define one
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  history.replaceState(null, '', '/');
});

// jsdom lacks the browser APIs Mantine reads on mount.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
