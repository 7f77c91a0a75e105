import { builtinEnvironments, type Environment } from 'vitest/environments';

/**
 * Vitest's jsdom environment with Node's AbortController and AbortSignal kept global.
 *
 * jsdom has no fetch API, so `Request` and `fetch` stay Node's (undici), while the stock environment
 * replaces AbortController/AbortSignal with jsdom's. From Node 24, undici checks that a signal is an
 * instance of its own AbortSignal, so React Router's `new Request(url, { signal })` on every
 * navigation throws and route tests never get past the first location. The signal classes must be
 * the ones fetch belongs to; jsdom itself only takes a signal in `addEventListener`, where a Node
 * signal is mapped to a jsdom one that follows it (what Vitest 4's own environment does).
 */
const jsdom = builtinEnvironments.jsdom;

type JsdomWindow = typeof globalThis & {
  AbortController: typeof AbortController;
  AbortSignal: typeof AbortSignal;
  EventTarget: typeof EventTarget;
};

/** Wraps an `addEventListener` so a Node signal is handed on as a jsdom signal that follows it. */
function mapSignals(window: JsdomWindow) {
  const JsdomAbortController = window.AbortController;
  const JsdomAbortSignal = window.AbortSignal;
  const followers = new WeakMap<AbortSignal, AbortSignal>();

  const follower = (signal: AbortSignal) => {
    let mapped = followers.get(signal);
    if (!mapped) {
      const controller = new JsdomAbortController();
      if (signal.aborted) controller.abort(signal.reason);
      else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
      mapped = controller.signal;
      followers.set(signal, mapped);
    }
    return mapped;
  };

  return (add: EventTarget['addEventListener']): EventTarget['addEventListener'] =>
    function addEventListener(this: EventTarget, type, listener, options) {
      if (typeof options === 'object' && options.signal && !(options.signal instanceof JsdomAbortSignal)) {
        return add.call(this, type, listener, { ...options, signal: follower(options.signal) });
      }
      return add.call(this, type, listener, options);
    };
}

export default {
  name: 'jsdom-node-abort',
  transformMode: 'web',
  async setup(global, options) {
    const { AbortController: NodeAbortController, AbortSignal: NodeAbortSignal } = global;
    const environment = await jsdom.setup(global, options);
    const window = global.jsdom.window as JsdomWindow;
    const withMappedSignals = mapSignals(window);
    const proto = window.EventTarget.prototype;
    const original = proto.addEventListener;
    proto.addEventListener = withMappedSignals(original);
    // The global's own addEventListener was bound to the window before the patch above.
    global.addEventListener = withMappedSignals(global.addEventListener);
    global.AbortController = NodeAbortController;
    global.AbortSignal = NodeAbortSignal;
    return {
      teardown(global) {
        proto.addEventListener = original;
        return environment.teardown(global);
      },
    };
  },
} satisfies Environment;
