import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useId } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/locale-provider';
import { FullPageLoader } from '../ui/page-loader';
import classes from './app-frame.module.css';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { useFocusAfterNavigation } from './use-focus-after-navigation';
import { useStaffScreen } from './use-staff-screen';

interface AppFrameProps {
  /** Side navigation content; the navbar (and the burger under 768 px) appears only with it. */
  nav?: ReactNode;
  /** The navigation landmark's name (default: 'Main', in the reader's language). */
  navLabel?: string;
  /**
   * The page renders its own <main> (the game screens): the frame's main area is then a plain box,
   * so there is one main landmark, and the footer is left out under the game's control bar.
   */
  pageHasOwnMain?: boolean;
  children: ReactNode;
}

/** The page frame of every screen: header, optional side navigation, main, footer. */
export function AppFrame({ nav, navLabel, pageHasOwnMain = false, children }: AppFrameProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const navId = useId();
  const { pathname } = useLocation();
  const t = useT();
  // Every AppFrame is a staff screen (the admin and facilitator areas, the game frame): the frame
  // waits for the staff catalogue, so neither its navigation nor its page shows a message id.
  const isStaffReady = useStaffScreen();
  useFocusAfterNavigation(isStaffReady);

  // Following a link in the opened mobile navigation should show the page, not the menu.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  if (!isStaffReady) return <FullPageLoader />;

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 60 }}
      navbar={nav ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } } : undefined}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('frame.skipToMain')}
      </a>
      <AppShell.Header>
        <TopBar burger={nav ? { opened: isNavOpen, toggle, controls: navId } : undefined} />
      </AppShell.Header>
      {nav && (
        <AppShell.Navbar
          id={navId}
          aria-label={navLabel ?? t('common.navMain')}
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
