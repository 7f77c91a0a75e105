import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { type AuthUser, type Session, type SessionStore, sessionStore } from '../api/session-store';

const SessionStoreContext = createContext<SessionStore>(sessionStore);

export function AuthProvider({
  store = sessionStore,
  children,
}: {
  store?: SessionStore;
  children: ReactNode;
}) {
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

export function useSessionStore(): SessionStore {
  return useContext(SessionStoreContext);
}

function useSession(): Session | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The logged-in user, or null. "Logged in" means an access token is held (SPEC §2 top bar). */
export function useCurrentUser(): AuthUser | null {
  return useSession()?.user ?? null;
}
