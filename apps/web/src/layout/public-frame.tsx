import type { ReactNode } from 'react';
import { useT } from '../i18n/locale-provider';
import classes from './app-frame.module.css';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { useFocusAfterNavigation } from './use-focus-after-navigation';

/**
 * AppFrame's header, main and footer for the public and player screens, without Mantine's AppShell:
 * AppShell imports react-remove-scroll for a class name, and this frame is in every phone's entry
 * (docs/performance.md). It sets AppShell's offsets itself, which the game card's height reads.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const text = useT();
  useFocusAfterNavigation();
  return (
    <div className={`${classes.shell} ${classes.publicShell}`}>
      <a href="#main-content" className={classes.skipLink}>
        {text('frame.skipToMain')}
      </a>
      <header className={classes.publicHeader}>
        <TopBar />
      </header>
      <main id="main-content" tabIndex={-1} className={`${classes.main} ${classes.publicMain}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
