import type {
  InsightsBingo,
  InsightsContent,
  InsightsGames,
  InsightsProduct,
  InsightsQuestions,
  InsightsSummary,
  InsightsWeeks,
} from '@playshop/shared';
import { toCsv } from '../http/csv';

/** Each figure as CSV lines, the same rows as its table on the page. */
const cell = (value: string | number | null | undefined) => (value == null ? '' : String(value));
const table = (header: string[], rows: (string | number | null | undefined)[][]) =>
  toCsv([header, ...rows.map((row) => row.map(cell))]);

export const figureCsv = {
  summary: (s: InsightsSummary) =>
    table(
      [
        'From',
        'To',
        'Games',
        'Players',
        'Players per game',
        'Winners per game',
        'Invited',
        'Attended',
        'Guests',
        'Left early',
        'Left early share',
      ],
      [
        [
          s.from,
          s.to,
          s.games,
          s.players,
          s.playersPerGame,
          s.winnersPerGame,
          s.attendance.invited,
          s.attendance.attended,
          s.attendance.guests,
          s.leftEarly,
          s.leftEarlyShare,
        ],
      ],
    ),
  games: (g: InsightsGames) =>
    table(
      ['Game', 'Started', 'Ended', 'Room', 'Workshop', 'Facilitator', 'Players', 'Left early', 'Winners'],
      g.games.map((r) => [
        r.gameId,
        r.startedAt,
        r.endedAt,
        r.room,
        r.workshop,
        r.facilitator,
        r.players,
        r.leftEarly,
        r.winners,
      ]),
    ),
  questions: (q: InsightsQuestions) =>
    table(
      [
        'Content',
        'Title',
        'Question',
        'Asked',
        'Present',
        'Answers',
        'Present without answering',
        'Share right',
        'Most chosen wrong answer',
        'Players who chose it',
        'Mean seconds',
      ],
      q.questions.map((r) => [
        r.contentId,
        r.title,
        r.question,
        r.asked,
        r.present,
        r.answers,
        r.unanswered,
        r.shareRight,
        r.mostChosenWrong?.answer,
        r.mostChosenWrong?.players,
        r.meanSeconds,
      ]),
    ),
  content: (c: InsightsContent) =>
    table(
      ['Session', 'Content', 'Title', 'Type', 'Times sent', 'Mean players present'],
      c.items.map((r) => [r.session, r.contentId, r.title, r.type, r.sent, r.meanPresent]),
    ),
  bingo: (b: InsightsBingo) =>
    toCsv([
      ['Pattern', 'First wins', 'Mean balls', 'Fewest balls', 'Most balls'],
      ...b.patterns.map((p) => [p.pattern, p.firstWins, p.meanBalls, p.minBalls, p.maxBalls].map(cell)),
      [],
      ['Winners in a game', 'Games'],
      ...b.winnersPerGame.map((w) => [w.winners, w.games].map(cell)),
    ]),
  weeks: (w: InsightsWeeks) =>
    table(
      ['Week', 'Games', 'Players', 'Left early', 'Answers', 'Share right'],
      w.weeks.map((r) => [r.week, r.games, r.players, r.leftEarly, r.answers, r.shareRight]),
    ),
};

export const productCsv = {
  organizations: (p: InsightsProduct) =>
    table(
      ['Organization', 'Games', 'Players', 'Last game'],
      p.organizations.map((o) => [o.name, o.games, o.players, o.lastGameAt]),
    ),
  licences: (p: InsightsProduct) =>
    table(
      ['Organization', 'Licence ends'],
      p.licences.map((l) => [l.name, l.expiry]),
    ),
  months: (p: InsightsProduct) =>
    table(
      ['Month', 'Games', 'Players'],
      p.months.map((m) => [m.month, m.games, m.players]),
    ),
};
