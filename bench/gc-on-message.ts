/**
 * Preloaded into every server the bench starts (real and bare alike, with --expose-gc): on the
 * bench's 'gc' message it runs a full collection and answers, so a memory reading counts what the
 * server holds, not garbage a collection has not reached yet.
 */
const collect = (globalThis as { gc?: () => void }).gc;
if (process.send && collect) {
  process.on('message', (message) => {
    if (message !== 'gc') return;
    collect();
    process.send!('gc-done');
  });
  // The channel must not keep a server alive that was told to stop.
  process.channel?.unref();
}
