export interface FrameInbox<M extends { type: string }> {
  add(message: M): void;
  received<T extends M['type']>(type: T): Extract<M, { type: T }>[];
  drain(): void;
  next<T extends M['type']>(type: T, timeoutMs?: number): Promise<Extract<M, { type: T }>>;
}
export function frameInbox<M extends { type: string }>(defaultTimeoutMs: number): FrameInbox<M>;
