import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import fold from '../../../ui/fold.module.css';
import classes from '../shared/game.module.css';

/**
 * What the room shows now (the ball, the content), above the player's card and never instead of it.
 * The player can minimise it to a title line; a new `sheetKey` (the next ball, other content) opens
 * it again. Plain elements styled as Mantine's Paper, Text and subtle compact Button, and a CSS fold
 * instead of Collapse: the sheet renders with every frame of a roll on a budget phone (issue 46).
 */
export function GameSheet({
  title,
  sheetKey,
  children,
}: {
  title: string;
  sheetKey: string;
  children: ReactNode;
}) {
  const [minimisedKey, setMinimisedKey] = useState<string | null>(null);
  const t = useT();
  const isMinimised = minimisedKey === sheetKey;
  const Chevron = isMinimised ? IconChevronDown : IconChevronUp;
  return (
    <section className={classes.sheet} aria-label={title}>
      <div className={classes.sheetHead}>
        <p className={classes.sheetTitle}>{title}</p>
        <button
          type="button"
          className={classes.sheetToggle}
          aria-expanded={!isMinimised}
          onClick={() => setMinimisedKey(isMinimised ? null : sheetKey)}
        >
          {isMinimised ? t('player.show') : t('player.minimise')}
          <Chevron size={14} aria-hidden />
        </button>
      </div>
      <div className={fold.fold} data-folded={isMinimised || undefined}>
        <div className={classes.sheetStage}>{children}</div>
      </div>
    </section>
  );
}
