/**
 * The accessibility conformance report (WCAG 2.2 level A and AA, in the VPAT 2.5 table's form),
 * served at /accessibility and copied in docs/accessibility.md (a test keeps the two the same).
 * Written from the product's own tests: each remark names the file that shows it, or says that no
 * test does. `backticks` mark file names and are shown as code.
 */

export type Conformance = 'Supports' | 'Partially Supports' | 'Does Not Support' | 'Not Applicable';

export interface Criterion {
  /** "1.1.1 Non-text Content (Level A)", as the VPAT names a row. */
  criterion: string;
  conformance: Conformance;
  remarks: string;
}

/** When the report was last checked against the tests and the open issues. */
export const REPORT_DATE = '2026-12-05';

const AXE = 'axe (serious and critical rules) on every screen of the browser tests';
const KEYBOARD_STEPS =
  'a Tab that leaves the focus on the page body fails the test, and so does a tab stop on text that does nothing (`e2e/keyboard-steps.ts`: `tabTo`, `idleTabStops`)';

export const WCAG_22_AA: readonly Criterion[] = [
  {
    criterion: '1.1.1 Non-text Content (Level A)',
    conformance: 'Supports',
    remarks: `Icons beside text are hidden from assistive technology (\`aria-hidden\`); icon-only buttons have names ("Move … up", "Close"); bingo cells are buttons named by number and state; Insights charts come with a table of the same figures. Images in content carry the title the author gave. Evidence: ${AXE} (\`image-alt\`, \`button-name\`, \`svg-img-alt\`), \`e2e/insights.test.ts\` (each chart with its table), \`e2e/game.test.ts\` (cells read by their accessible names).`,
  },
  {
    criterion: '1.2.1 Audio-only and Video-only (Prerecorded) (Level A)',
    conformance: 'Not Applicable',
    remarks:
      'Playshop has no audio-only or video-only recordings of its own; videos in content and training are chosen by the organization (see 1.2.2).',
  },
  {
    criterion: '1.2.2 Captions (Prerecorded) (Level A)',
    conformance: 'Partially Supports',
    remarks:
      'Videos are the ones an organization adds to its content and training playlists (YouTube, or a video file). YouTube’s player offers the captions the video has; Playshop adds none and cannot check that a chosen video has them. A video file plays in the browser’s own player, without a caption track.',
  },
  {
    criterion: '1.2.3 Audio Description or Media Alternative (Prerecorded) (Level A)',
    conformance: 'Partially Supports',
    remarks:
      'As 1.2.2: audio description depends on the video the organization chose; Playshop shows each video’s title and, where it cannot play, a link to it (`e2e/screens.test.ts`, items 9 and 18.7).',
  },
  {
    criterion: '1.2.4 Captions (Live) (Level AA)',
    conformance: 'Not Applicable',
    remarks:
      'Playshop streams no live audio or video. The facilitator speaks in the room, not through the product.',
  },
  {
    criterion: '1.2.5 Audio Description (Prerecorded) (Level AA)',
    conformance: 'Partially Supports',
    remarks: 'As 1.2.3: depends on the videos the organization chooses.',
  },
  {
    criterion: '1.3.1 Info and Relationships (Level A)',
    conformance: 'Supports',
    remarks: `Headings (one h1 per page, \`apps/web/src/ui/page-title.tsx\`), landmarks (header, main, footer), labelled form fields, tables with header cells, the bingo card as a grid of named buttons. Evidence: ${AXE} (\`label\`, \`aria-*\`, \`list\`, \`td-headers-attr\`); the web app’s screen tests find elements by role and accessible name (Testing Library \`getByRole\`, \`apps/web/src/**/*.test.tsx\`).`,
  },
  {
    criterion: '1.3.2 Meaningful Sequence (Level A)',
    conformance: 'Supports',
    remarks:
      'The reading order is the order in the page; Arabic screens are mirrored with `dir="rtl"`, not reordered (`e2e/languages.test.ts`, `e2e/first-paint.test.ts`).',
  },
  {
    criterion: '1.3.3 Sensory Characteristics (Level A)',
    conformance: 'Supports',
    remarks:
      'Instructions name buttons and fields by their text, not by shape or colour; a hint that says where something is names it too (the player login: the **ORGANIZATION** login at the top right). A text that points at a label in capitals names it as the screens of its language show it (`apps/web/src/i18n/screen-labels.test.ts`, every staff language; `apps/web/src/areas/public/player-login-page.test.tsx`: ORGANISATION in German). No test looks for instructions by shape or colour.',
  },
  {
    criterion: '1.3.4 Orientation (Level AA)',
    conformance: 'Supports',
    remarks:
      'No screen locks the orientation. Phone screens are tested upright (390 and 320 px) and staff screens wide (1280 px): `e2e/first-hour.test.ts`, `e2e/screen-sizes.test.ts`.',
  },
  {
    criterion: '1.3.5 Identify Input Purpose (Level AA)',
    conformance: 'Supports',
    remarks:
      'Sign-in fields carry `autocomplete`: `email`, `current-password`, `new-password`, `username`, `one-time-code`, `organization` (`apps/web/src/areas/public/*-page.tsx`, `apps/web/src/features/sign-in/`). Fields about other people (an admin adding a user) are `autocomplete="off"`, as they are not the user’s own. Not checked by a test.',
  },
  {
    criterion: '1.4.1 Use of Color (Level A)',
    conformance: 'Supports',
    remarks:
      'A cell’s state (marked, not rolled yet), a rolled ball and a winner are said in text or by accessible name as well as by colour (`e2e/game.test.ts` reads the card’s states from the cells’ names). Evidence: axe `link-in-text-block` on the tested screens. The super admin’s monthly Insights chart has a legend naming each series, as does the table beside it (`e2e/insights.test.ts`).',
  },
  {
    criterion: '1.4.2 Audio Control (Level A)',
    conformance: 'Supports',
    remarks:
      'Sounds are short (a roll, a win); the presenter view has a mute switch kept on the device. Videos start muted with controls; the facilitator’s music plays in the provider’s own player with its controls.',
  },
  {
    criterion: '1.4.3 Contrast (Minimum) (Level AA)',
    conformance: 'Supports',
    remarks: `${AXE} (\`color-contrast\`), on the product’s own colours. An organization’s own colour is darkened just enough to keep 4.5:1 against white, and text on it is black or white, whichever reaches 4.5:1 (\`packages/shared/src/brand-colors.test.ts\`); no browser test runs axe on a branded screen.`,
  },
  {
    criterion: '1.4.4 Resize Text (Level AA)',
    conformance: 'Supports',
    remarks:
      'Text is sized in rem and follows the browser’s zoom; at 200 % a 1280 px window is 640 CSS px wide, between the widths the reflow tests cover (1.4.10). No test zooms the text alone.',
  },
  {
    criterion: '1.4.5 Images of Text (Level AA)',
    conformance: 'Supports',
    remarks:
      'The product draws its text as text. An organization’s logo (its alternative text is "<organization> logo") and images in content are the organization’s own.',
  },
  {
    criterion: '1.4.10 Reflow (Level AA)',
    conformance: 'Supports',
    remarks:
      'Every route for every role at 320 px with nothing wider than the screen: `e2e/first-hour.test.ts` (a clean console and reflow on every route), the longest names the schemas allow, German and Arabic at 320 px (`e2e/languages.test.ts`), the game screens (`e2e/screen-sizes.test.ts`). Words whole and no button or label cut (`e2e/staff-fit.test.ts`): at 390 px the facilitator’s home keeps a room’s name and state whole beside Open Lobby and Run; at 1280 px the German rooms table keeps its words and buttons whole beside a long room name; at 320 px in German a long room name breaks between words, and the question panel and the pager are whole.',
  },
  {
    criterion: '1.4.11 Non-text Contrast (Level AA)',
    conformance: 'Supports',
    remarks:
      'Field borders, focus rings and the card’s marks use the theme’s colours (Mantine), kept against the background when an organization sets its own (`packages/shared/src/brand-colors.test.ts`). axe does not measure non-text contrast; no other test does.',
  },
  {
    criterion: '1.4.12 Text Spacing (Level AA)',
    conformance: 'Supports',
    remarks:
      'Text boxes grow with their text (no fixed heights on text; long names wrap: `e2e/first-hour.test.ts`). No test applies the criterion’s spacing.',
  },
  {
    criterion: '1.4.13 Content on Hover or Focus (Level AA)',
    conformance: 'Supports',
    remarks:
      'Tooltips (the whole of a cut name) show on hover and on keyboard focus, stay while hovered and close with Escape (Mantine Tooltip on Floating UI’s dismiss). Not checked by a test. A name is a tab stop only while it is cut (2.4.3).',
  },
  {
    criterion: '2.1.1 Keyboard (Level A)',
    conformance: 'Supports',
    remarks: `The main path of each role done by keyboard alone in the browser tests (Tab and Shift+Tab to move, Enter and Space to act, Escape to close; ${KEYBOARD_STEPS}): a player signs in, joins a room from the dashboard, joins the game, marks a rolled number, claims and answers a question (\`e2e/keyboard.test.ts\`, on a phone); a facilitator opens a lobby from their home, starts the game, rolls and ends it; an admin adds a player and creates a room (\`e2e/keyboard-staff.test.ts\`). Also by keyboard: reordering a session’s content with its buttons (\`e2e/content-workshops.test.ts\`; drag handles are reachable by keyboard too, \`apps/web/src/features/workshops/ordered-content-list.test.tsx\`), opening an item to edit (\`e2e/content-workshops.test.ts\`), choosing a training video (\`e2e/training.test.ts\`), closing dialogs with Escape (\`e2e/people.test.ts\`, \`e2e/screens.test.ts\`), searching the players list with Enter (\`e2e/joining.test.ts\`). Other forms (Settings, the content and workshop editors, the materials library) use the same components but are not filled in by keyboard alone in a test.`,
  },
  {
    criterion: '2.1.2 No Keyboard Trap (Level A)',
    conformance: 'Supports',
    remarks:
      'Dialogs trap focus while open and let it go on Escape or Close (Mantine Modal), as the tests above press Escape. Embedded players (YouTube, music) are iframes the keyboard leaves with Tab.',
  },
  {
    criterion: '2.1.4 Character Key Shortcuts (Level A)',
    conformance: 'Not Applicable',
    remarks: 'Playshop has no single-character keyboard shortcuts.',
  },
  {
    criterion: '2.2.1 Timing Adjustable (Level A)',
    conformance: 'Supports',
    remarks:
      'The game is a live event (the real-time exception): the facilitator sets activity timers and the auto-call interval (10 to 60 s), and pauses auto-call or turns it off. Sign-in sessions renew themselves while a page is open (`e2e/session-renewal.test.ts`); a password reset link lasts 60 minutes.',
  },
  {
    criterion: '2.2.2 Pause, Stop, Hide (Level A)',
    conformance: 'Supports',
    remarks:
      'The ball’s roll and the win’s confetti last a few seconds; an organization can turn the roll animation off, and the confetti and animations stop under `prefers-reduced-motion` (`apps/web/src/features/game/shared/game.module.css`, `win-screen.tsx`). Auto-call is paused and stopped by the facilitator.',
  },
  {
    criterion: '2.3.1 Three Flashes or Below Threshold (Level A)',
    conformance: 'Supports',
    remarks: 'Nothing flashes: the animations move, and none blinks more than three times a second.',
  },
  {
    criterion: '2.4.1 Bypass Blocks (Level A)',
    conformance: 'Supports',
    remarks:
      'A "Skip to main content" link starts every page (`apps/web/src/layout/app-frame.tsx`, `public-frame.tsx`); pages have landmarks. Evidence: axe `bypass`.',
  },
  {
    criterion: '2.4.2 Page Titled (Level A)',
    conformance: 'Supports',
    remarks:
      'Every page’s h1 is also its document title, "… · Playshop" (`apps/web/src/ui/page-title.tsx`). Evidence: axe `document-title`.',
  },
  {
    criterion: '2.4.3 Focus Order (Level A)',
    conformance: 'Supports',
    remarks: `Focus follows the page’s order; dialogs take focus and give it back (\`e2e/keyboard-staff.test.ts\`: Escape on the End Game question gives it back to End Game). A cut name or workshop title (\`apps/web/src/ui/truncated-text.tsx\`) is a tab stop only while it is cut, and focus there shows the whole of it; a name shown whole is no tab stop. When a control goes away (Join Game, Start Game) or the page changes, focus goes to the new page’s main area, not the page body (\`apps/web/src/ui/keep-focus.ts\`, \`apps/web/src/layout/use-focus-after-navigation.ts\`). Evidence: \`e2e/keyboard.test.ts\` and \`e2e/keyboard-staff.test.ts\`, where ${KEYBOARD_STEPS}, on the player’s dashboard and card, the facilitator’s home and game screen, and the admin’s dashboard and rooms.`,
  },
  {
    criterion: '2.4.4 Link Purpose (In Context) (Level A)',
    conformance: 'Supports',
    remarks:
      'Links say where they go; repeated ones name their object ("Join Demo Room", "Edit … item": `e2e/content-workshops.test.ts`). Evidence: axe `link-name`.',
  },
  {
    criterion: '2.4.5 Multiple Ways (Level AA)',
    conformance: 'Supports',
    remarks:
      'Staff screens have the side navigation and each list its search and filters; a player reaches a room from the dashboard, by its code or by its link or QR code (`e2e/joining.test.ts`).',
  },
  {
    criterion: '2.4.6 Headings and Labels (Level AA)',
    conformance: 'Supports',
    remarks: `One h1 per page naming it, section headings, every field labelled. Evidence: ${AXE} (\`label\`, \`empty-heading\`); the screen tests find fields by their labels.`,
  },
  {
    criterion: '2.4.7 Focus Visible (Level AA)',
    conformance: 'Supports',
    remarks:
      'The theme’s focus ring shows on keyboard focus (Mantine `focusRing: auto`). Not measured by a test. The keyboard tests check that focus never falls to the page body, where nothing would show it (2.4.3).',
  },
  {
    criterion: '2.4.11 Focus Not Obscured (Minimum) (Level AA)',
    conformance: 'Partially Supports',
    remarks:
      'The header is fixed at the top of the public and staff screens, and no scroll padding keeps a focused element clear of it: moving back with Shift+Tab on a long page can scroll the focused element under the header. Not checked by a test.',
  },
  {
    criterion: '2.5.1 Pointer Gestures (Level A)',
    conformance: 'Supports',
    remarks: 'Every action is one click or tap; nothing needs a path or several fingers.',
  },
  {
    criterion: '2.5.2 Pointer Cancellation (Level A)',
    conformance: 'Supports',
    remarks:
      'Buttons act on release (the browser’s click event), so a press can be abandoned by moving away.',
  },
  {
    criterion: '2.5.3 Label in Name (Level A)',
    conformance: 'Supports',
    remarks:
      'Accessible names contain the visible text ("Join Demo Room" for **Join**, "Edit … item" for **Edit**); the browser tests find controls by the names shown. axe’s `label-content-name-mismatch` rule is experimental and not run.',
  },
  {
    criterion: '2.5.4 Motion Actuation (Level A)',
    conformance: 'Not Applicable',
    remarks: 'Nothing is done by moving or shaking the device.',
  },
  {
    criterion: '2.5.7 Dragging Movements (Level AA)',
    conformance: 'Supports',
    remarks:
      'The one drag (reordering a session’s content) has Move up and Move down buttons beside it (`e2e/content-workshops.test.ts`, `apps/web/src/features/workshops/ordered-content-list.test.tsx`).',
  },
  {
    criterion: '2.5.8 Target Size (Minimum) (Level AA)',
    conformance: 'Supports',
    remarks:
      'axe’s `target-size` rule (off by default, so not part of the other browser tests) finds no target under 24 by 24 px on the player login, the admin login, the player’s lobby and card, the facilitator’s game screen, the player’s dashboard, the facilitator’s home and the super admin’s dashboard (`e2e/target-size.test.ts`), nor on the security and accessibility pages (`e2e/trust-pages.test.ts`). Other screens use the same components but are not checked.',
  },
  {
    criterion: '3.1.1 Language of Page (Level A)',
    conformance: 'Supports',
    remarks:
      'The page’s `lang` and `dir` follow the language shown (`e2e/languages.test.ts`, `e2e/german-room.test.ts`, `e2e/staff-language.test.ts`). Staff screens show a staff language (all six since issue 44): a browser or account in Arabic gets them in Arabic, `lang="ar" dir="rtl"`, game texts included, and a language they lacked would get English, `lang="en" dir="ltr"`, never English laid out right to left (`apps/web/src/i18n/staff-direction.test.tsx`, `e2e/staff-fit.test.ts`, `e2e/staff-language.test.ts`).',
  },
  {
    criterion: '3.1.2 Language of Parts (Level AA)',
    conformance: 'Partially Supports',
    remarks:
      'The language menus mark each language’s name with its own `lang`. The product’s own texts on a screen are in one language: staff screens in the staff language, game texts included (no Arabic phrase in an English staff screen: `e2e/staff-fit.test.ts`), the projector and the phones in the room’s. What remains: texts an organization writes (content, questions, workshop and room names) carry no `lang` of their own, as Playshop does not record the language they are written in; shown in a room of another language, they are read out in the page’s language.',
  },
  {
    criterion: '3.2.1 On Focus (Level A)',
    conformance: 'Supports',
    remarks: 'Focus alone changes nothing; a cut name’s tooltip shows, nothing more.',
  },
  {
    criterion: '3.2.2 On Input (Level A)',
    conformance: 'Supports',
    remarks:
      'Changing a field does not submit or navigate; filters update the list they belong to in place, announced by the list’s count (`apps/web/src/ui/data-table.tsx`, `aria-live`).',
  },
  {
    criterion: '3.2.3 Consistent Navigation (Level AA)',
    conformance: 'Supports',
    remarks:
      'The top bar and the side navigation are the same on every staff screen (`e2e/first-hour.test.ts`: the top bar on every signed-in screen; `apps/web/src/layout/nav-items.test.ts`).',
  },
  {
    criterion: '3.2.4 Consistent Identification (Level AA)',
    conformance: 'Supports',
    remarks:
      'The same action has the same name and icon everywhere (one set of texts: the catalogues of `packages/messages`, English written once).',
  },
  {
    criterion: '3.2.6 Consistent Help (Level A)',
    conformance: 'Supports',
    remarks:
      'The footer’s **Report Issue** and **Status** links (set in Settings) are in the same place on every page that has a footer; the game screens leave the footer out.',
  },
  {
    criterion: '3.3.1 Error Identification (Level A)',
    conformance: 'Supports',
    remarks:
      'A refused field is marked invalid and says why in text beside it; server refusals name the field (`e2e/staff-language.test.ts`: a form error; `e2e/screens.test.ts`: an alert; `e2e/joining.test.ts`: each refused row of a players import says why).',
  },
  {
    criterion: '3.3.2 Labels or Instructions (Level A)',
    conformance: 'Supports',
    remarks: `Every field has a visible label; required ones are marked. Evidence: ${AXE} (\`label\`).`,
  },
  {
    criterion: '3.3.3 Error Suggestion (Level AA)',
    conformance: 'Supports',
    remarks:
      'Messages say what to do ("This username is reserved: please choose another", a refused password says why: `apps/server/src/auth/sign-in-input.test.ts`). A password refused because the organization signs in with single sign-on says so, and the **Sign in with …** button it names appears under it (`apps/web/src/areas/public/admin-login-page.test.tsx`).',
  },
  {
    criterion: '3.3.4 Error Prevention (Legal, Financial, Data) (Level AA)',
    conformance: 'Supports',
    remarks:
      'Deletions ask for confirmation; erasing an organization asks for its name typed exactly (`apps/server/src/orgs/org-data.test.ts`). Playshop takes no legal or financial commitments.',
  },
  {
    criterion: '3.3.7 Redundant Entry (Level A)',
    conformance: 'Supports',
    remarks:
      'The player login remembers the organization on the device; a join link or QR code fills in the room’s code.',
  },
  {
    criterion: '3.3.8 Accessible Authentication (Minimum) (Level AA)',
    conformance: 'Supports',
    remarks:
      'Passwords and codes may be pasted and filled in by a password manager (`autocomplete` on every sign-in field); two-factor codes come from an authenticator app (copy and paste works). Players sign in with a username, no password. Single sign-on hands sign-in to the organization’s provider.',
  },
  {
    criterion: '4.1.1 Parsing (Level A)',
    conformance: 'Not Applicable',
    remarks: 'Obsolete and removed in WCAG 2.2; the VPAT asks no conformance for it.',
  },
  {
    criterion: '4.1.2 Name, Role, Value (Level A)',
    conformance: 'Supports',
    remarks: `Mantine’s controls with their ARIA roles and states; custom parts name their state (the card’s cells, the win pattern). Evidence: ${AXE} (\`aria-*\`, \`button-name\`, \`nested-interactive\`); the screen tests query by role and name.`,
  },
  {
    criterion: '4.1.3 Status Messages (Level AA)',
    conformance: 'Supports',
    remarks:
      'Live regions announce a rolled ball (`apps/web/src/features/game/shared/bingo-board.tsx`, `game-screens.test.tsx`: the newest is announced), a question’s state, a move in a session’s content (`ordered-content-list.test.tsx`: announces each move), a card check and a list’s count; notices are alerts (`e2e/screens.test.ts`).',
  },
];
