import DataLoader from 'dataloader';

/**
 * A DataLoader that works in groups the way a database commits them: the first call goes at once,
 * and the calls that arrive while a group is in the database wait and go together as the next group.
 * Under a crowd (an event signing in at once) many requests share one statement; alone, a request
 * waits for nothing. `run` answers one result per key, in order.
 */
export function groupLoader<K, V>(run: (keys: readonly K[]) => Promise<V[]>, maxBatchSize = 500) {
  let running: Promise<unknown> | null = null;
  return new DataLoader<K, V>(
    async (keys) => {
      const work = run(keys);
      running = work;
      try {
        return await work;
      } finally {
        if (running === work) running = null;
      }
    },
    {
      cache: false,
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        if (running) void running.then(dispatch, dispatch);
        else setImmediate(dispatch);
      },
    },
  );
}
