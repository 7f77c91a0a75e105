import type { MouseEvent } from 'react';

/**
 * onMouseDown of a form's submit button when the form validates on blur: the field keeps focus until
 * the click lands, so its error message cannot appear first, move the button and swallow the click.
 */
export const keepFieldFocus = (event: MouseEvent) => event.preventDefault();

/**
 * Before a control takes itself off the screen (Join Game, Start Game): the focus goes to the page's
 * main area, which stays, rather than fall to the page's body; a keyboard user's next Tab starts
 * there (issue 42).
 */
export const focusMain = (): void => document.getElementById('main-content')?.focus({ preventScroll: true });
