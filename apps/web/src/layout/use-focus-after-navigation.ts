import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { focusMain } from '../ui/keep-focus';

/** The page the focus was last settled for: the first page of a visit keeps the browser's own start. */
let settledPath: string | null = null;

/**
 * After a move to another page, the focus goes to the page's main area when the element that had it
 * went with the old page (a form's button, a link): a keyboard user's next Tab starts at the new
 * page's content, not from the page's body (issue 42). A focus the new page set itself (a field, a
 * dialog) stays. `ready`: the frame shows its main area (not its loader) yet. A layout effect, so the
 * focus moves in the task that shows the page: a passive effect runs after paint, and a busy phone
 * (or a test) saw the new page with the focus still on its body.
 */
export function useFocusAfterNavigation(ready = true): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!ready) return;
    const moved = settledPath !== null && settledPath !== pathname;
    settledPath = pathname;
    const active = document.activeElement;
    if (!moved || (active && active !== document.body)) return;
    focusMain();
  }, [pathname, ready]);
}
