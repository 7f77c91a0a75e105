// The browser build runs on Preact (vite.config.ts), whose elements, unlike React's, are written to
// when rendered. Recharts keeps chart elements in its Redux store, which Immer freezes: unmounting a
// chart then throws "Cannot assign to read only property '__'". So `recharts` resolves to this module
// in that build: Immer stops freezing (the store's state is still only changed through its reducers).
import { setAutoFreeze } from 'immer';

setAutoFreeze(false);

// @ts-expect-error: recharts' ES module entry has no declaration file; its types are those of 'recharts'.
export * from 'recharts/es6/index.js';
