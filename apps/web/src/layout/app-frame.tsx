import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../auth/auth-provider';
import { loadStaffMessages, staffMessagesLoaded } from '../i18n/i18n';
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

  // Every AppFrame is a staff screen (the admin and facilitator areas, the game frame): they read
  // the staff catalogue, its screen texts and the server's messages in the reader's language
  // (serverText in api/client.ts). The page waits for it, so no message id flashes.
  const [staffReady, setStaffReady] = useState(staffMessagesLoaded);
  useEffect(() => {
    loadStaffMessages().then(
      () => setStaffReady(true),
      () => setStaffReady(true), // a failed load (offline): the page with message ids, not an empty one
    );
  }, []);
  // …in the staff member's own language, whichever device they use (PUT /account/language).
  const user = useCurrentUser();
  useAccountLanguage(user?.language);

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
        {staffReady && children}
      </AppShell.Main>
      {!pageHasOwnMain && <Footer />}
    </AppShell>
  );
}
