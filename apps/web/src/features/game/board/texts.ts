/**
 * What only the web screens say or use; every text the server also speaks is GAME_TEXTS in
 * @playshop/shared.
 */
import { currentLanguage, t } from '../../../i18n/i18n';

export const SCREEN_TEXTS = {
  // Getters: each read gives the active language's text (src/i18n; docs/i18n.md).
  get connecting() {
    return t('screen.connecting');
  },
  get reconnecting() {
    return t('screen.reconnecting');
  },
  get retry() {
    return t('screen.retry');
  },
  get noBallsYet() {
    return t('screen.noBallsYet');
  },
  /** The facilitator's and the presenter's lobby: who said Ready on their phone. */
  readyCount: (ready: number, total: number) => t('screen.readyCount', { ready, total }),
  get ready() {
    return t('screen.ready');
  },
  /** The phone's lobby: the player says they are ready to start (SPEC `ready`). */
  get imReady() {
    return t('screen.imReady');
  },
  get youAreReady() {
    return t('screen.youAreReady');
  },
  /** The sheet above the card that holds sent content (the content names itself inside). */
  get contentSheet() {
    return t('screen.contentSheet');
  },
  get youHaveBingo() {
    return t('screen.youHaveBingo');
  },
  /** Said to everyone but the winners, instead of a badge that reads as their own. */
  hasBingo: (names: string[]) =>
    t('screen.hasBingo', {
      names: new Intl.ListFormat(currentLanguage()).format(names),
      count: names.length,
    }),
  get roomClosedBack() {
    return t('screen.roomClosedBack');
  },
  /** A phone in the room between games: it joins the next lobby by itself. */
  get waitForNextGame() {
    return t('screen.waitForNextGame');
  },
};

export const WINNER_VOLUME = 0.5;
/** How long an expired timer stays at 0:00 'Time is up' before it clears. */
export const TIMER_EXPIRED_SHOW_MS = 5_000;
