import { useDirection } from '@mantine/core';
import type { Language } from '@playshop/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  activateLanguage,
  currentLanguage,
  type MessageId,
  type MessageValues,
  onLanguageChange,
  staffLanguage,
  t,
} from './i18n';
import { chooseLanguage, directionOf, storedLanguage, storeLanguage } from './languages';

type LocaleContextValue = {
  /** The active language (its catalogue is loaded). */
  language: Language;
  /** The player's own choice on this device, or null. */
  chosen: Language | null;
  /** Remembers (or with null forgets) the device's choice and switches to it. */
  choose: (language: Language | null) => void;
  /** The room's language, once a screen knows its room (null when it leaves). */
  setRoom: (language: Language | null, mode?: 'phone' | 'projector') => void;
  /** The signed-in staff member's own language (kept with the account), on the staff screens. */
  setAccount: (language: Language | null) => void;
  /** Marks a staff screen as shown until the returned function is called (useStaffScreen). */
  enterStaffScreen: () => () => void;
  t: typeof t;
};

const LocaleContext = createContext<LocaleContextValue | null>(null);

/** Puts `language` on <html lang dir> and Mantine's direction. */
function useDocumentLanguage(language: Language) {
  const { setDirection } = useDirection();
  useEffect(() => {
    document.documentElement.lang = language;
    setDirection(directionOf(language));
  }, [language, setDirection]);
}

/**
 * The app's language (docs/i18n.md): chooses it (languages.ts: device choice > room > browser >
 * English), loads its catalogue, then switches texts, <html lang>, and the direction together. The
 * first language is activated before the app renders (main.tsx), so nothing flashes in English.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language | null>(storedLanguage);
  const [room, setRoomState] = useState<{ language: Language; mode: 'phone' | 'projector' } | null>(null);
  const [account, setAccount] = useState<Language | null>(null);
  const [language, setLanguage] = useState<Language>(currentLanguage);
  const [staffScreens, setStaffScreens] = useState(0);

  // A staff member's account language is their choice on every device, ahead of this device's.
  const preferred = chooseLanguage({
    chosen: account ?? chosen,
    room: room?.language,
    browser: navigator.languages,
  });
  // A staff screen is shown in a staff language only (English for one the staff catalogue lacks), so
  // its texts, <html lang> and direction are those of the language actually shown (issue 42).
  const wanted =
    room?.mode === 'projector' ? room.language : staffScreens > 0 ? staffLanguage(preferred) : preferred;

  useEffect(() => {
    let current = true;
    activateLanguage(wanted).then(
      () => {
        if (current) setLanguage(wanted);
      },
      // A catalogue that failed to load (offline): keep the language the screen has.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  // The staff catalogue arriving later (loadStaffMessages) re-renders the screens that read it.
  const [revision, setRevision] = useState(0);
  useEffect(() => onLanguageChange(() => setRevision((n) => n + 1)), []);

  useDocumentLanguage(language);

  const choose = useCallback((next: Language | null) => {
    storeLanguage(next);
    setChosen(next);
  }, []);
  const enterStaffScreen = useCallback(() => {
    setStaffScreens((n) => n + 1);
    return () => setStaffScreens((n) => n - 1);
  }, []);
  const setRoom = useCallback((next: Language | null, mode: 'phone' | 'projector' = 'phone') => {
    setRoomState((prev) =>
      next === null ? null : prev?.language === next && prev.mode === mode ? prev : { language: next, mode },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision re-creates `t` so consumers re-render
  const value = useMemo(
    () => ({
      language,
      chosen,
      choose,
      setRoom,
      setAccount,
      enterStaffScreen,
      t: (id: MessageId, values?: MessageValues) => t(id, values),
    }),
    [language, chosen, choose, setRoom, enterStaffScreen, revision],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

const fallback: LocaleContextValue = {
  language: 'en',
  chosen: null,
  choose: () => {},
  setRoom: () => {},
  setAccount: () => {},
  enterStaffScreen: () => () => {},
  t,
};

/** The language, the device's choice and its setters. */
export const useLocale = (): LocaleContextValue => useContext(LocaleContext) ?? fallback;

/** The message function; the component re-renders when the language changes. */
export const useT = () => useLocale().t;

/**
 * Tells the provider this screen's room language (null while unknown). A phone's own choice still
 * wins; the projector ('projector') always speaks the room's language.
 */
export function useRoomLanguage(
  language: Language | null | undefined,
  mode: 'phone' | 'projector' = 'phone',
) {
  const { setRoom } = useLocale();
  useEffect(() => {
    setRoom(language ?? null, mode);
  }, [language, mode, setRoom]);
  useEffect(() => () => setRoom(null), [setRoom]);
}

/**
 * Tells the provider a staff screen is shown, with the signed-in staff member's own language: the
 * screen then shows a staff language (docs/i18n.md). Returns whether the active language is one.
 */
export function useStaffLanguage(language: Language | null | undefined): boolean {
  const { setAccount, enterStaffScreen, language: active } = useLocale();
  useEffect(() => {
    setAccount(language ?? null);
  }, [language, setAccount]);
  useEffect(() => () => setAccount(null), [setAccount]);
  useEffect(enterStaffScreen, [enterStaffScreen]);
  return staffLanguage(active) === active;
}
