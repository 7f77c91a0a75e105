import type { MouseEvent } from 'react';

/**
 * onMouseDown of a form's submit button when the form validates on blur: the field keeps focus until
 * the click lands, so its error message cannot appear first, move the button and swallow the click.
 */
export const keepFieldFocus = (event: MouseEvent) => event.preventDefault();
