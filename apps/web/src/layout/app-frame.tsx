import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useId } from 'react';
import { useLocation } from 'react-router';
import classes from './app-frame.module.css';
import { Footer } from './footer';
import { TopBar } from './top-bar';

interface AppFrameProps {
  /** Side navigation content; the navbar (and the burger under 768 px) appears only with it. */
  nav?: ReactNode;
  navLabel?: string;
  children: ReactNode;
}

/** The page frame of every screen: header, optional side navigation, main, footer. */
export function AppFrame({ nav, navLabel = 'Main', children }: AppFrameProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const navId = useId();
  const { pathname } = useLocation();

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
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
      <Footer />
    </AppShell>
  );
}
