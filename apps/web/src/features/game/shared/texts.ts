/**
 * What only the web screens say or use; the server's texts arrive as keys (`game.<name>`, in the
 * participant catalogue of @playshop/messages).
 */
import { currentLanguage, type MessageId, t } from '../../../i18n/i18n';

/** The names of a catalogue's messages: `screen` gives `connecting` for `screen.connecting`. */
type NamesIn<Catalogue extends string> = MessageId extends infer Id
  ? Id extends `${Catalogue}.${infer Name}`
    ? Name
    : never
  : never;

/** Texts whose every read gives the active language's message `<catalogue>.<name>` (src/i18n; docs/i18n.md). */
export function liveTexts<Catalogue extends string, Name extends NamesIn<Catalogue>>(
  catalogue: Catalogue,
  names: readonly Name[],
): Readonly<Record<Name, string>> {
  const texts = {};
  for (const name of names) {
    Object.defineProperty(texts, name, {
      get: () => t(`${catalogue}.${name}` as MessageId),
      enumerable: true,
    });
  }
  return texts as Record<Name, string>;
}

export const SCREEN_TEXTS = Object.assign(
  liveTexts('screen', [
    'connecting',
    'reconnecting',
    'retry',
    'noBallsYet',
    'ready',
    /** The phone's lobby: the player says they are ready to start (SPEC `ready`). */
    'imReady',
    'youAreReady',
    /** The sheet above the card that holds sent content (the content names itself inside). */
    'contentSheet',
    'youHaveBingo',
    'roomClosedBack',
    /** A phone in the room between games: it joins the next lobby by itself. */
    'waitForNextGame',
  ]),
  {
    /** The facilitator's and the presenter's lobby: who said Ready on their phone. */
    readyCount: (ready: number, total: number) => t('screen.readyCount', { ready, total }),
    /** Said to everyone but the winners, instead of a badge that reads as their own. */
    hasBingo: (names: string[]) =>
      t('screen.hasBingo', {
        names: new Intl.ListFormat(currentLanguage()).format(names),
        count: names.length,
      }),
  },
);

export const WINNER_VOLUME = 0.5;
/** How long an expired timer stays at 0:00 'Time is up' before it clears. */
export const TIMER_EXPIRED_SHOW_MS = 5_000;
