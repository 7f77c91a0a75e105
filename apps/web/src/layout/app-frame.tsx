import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useId } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../auth/auth-provider';
import { loadStaffMessages } from '../i18n/i18n';
import { useAccountLanguage } from '../i18n/locale-provider';
import classes from './app-frame.module.css';
import { Footer } from './footer';
import { TopBar } from './top-bar';

interface AppFrameProps {
  /** Side navigation content; the navbar (and the burger under 768 px) appears only with it. */
  nav?: ReactNode;
  navLabel?: string;
  /**
   * The page renders its own <main> (the game screens): the frame's main area is then a plain box,
   * so there is one main landmark, and the footer is left out under the game's control bar.
   */
  pageHasOwnMain?: boolean;
  children: ReactNode;
}

/** The page frame of every screen: header, optional side navigation, main, footer. */
export function AppFrame({ nav, navLabel = 'Main', pageHasOwnMain = false, children }: AppFrameProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const navId = useId();
  const { pathname } = useLocation();

  // The staff areas (the frames with a side navigation) read the staff catalogue: its screen texts
  // and the server's messages in the reader's language (serverText in api/client.ts).
  const isStaffArea = Boolean(nav);
  useEffect(() => {
    if (isStaffArea) void loadStaffMessages();
  }, [isStaffArea]);
  // …in the staff member's own language, whichever device they use (PUT /account/language).
  const user = useCurrentUser();
  useAccountLanguage(isStaffArea ? user?.language : null);

  // Following a link in the opened mobile navigation should show the page, not the menu.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 60 }}
      navbar={nav ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } } : undefined}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <TopBar burger={nav ? { opened: isNavOpen, toggle, controls: navId } : undefined} />
      </AppShell.Header>
      {nav && (
        <AppShell.Navbar
          id={navId}
          aria-label={navLabel}
          className={classes.navbar}
          data-collapsed={isNavOpen ? undefined : true}
          p="sm"
        >
          {nav}
        </AppShell.Navbar>
      )}
      <AppShell.Main
        id="main-content"
        tabIndex={-1}
        className={pageHasOwnMain ? `${classes.main} ${classes.gameMain}` : classes.main}
        {...(pageHasOwnMain ? { component: 'div' } : {})}
      >
        {children}
      </AppShell.Main>
      {!pageHasOwnMain && <Footer />}
    </AppShell>
  );
}
