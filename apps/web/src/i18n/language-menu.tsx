import { Group } from '@mantine/core';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@playshop/shared';
import { IconLanguage } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './language-menu.module.css';
import { useLocale } from './locale-provider';

/**
 * The player's own language (remembered on the device, docs/i18n.md): a native select, small on the
 * player's path and usable at 320 px. "Automatic" gives the room (or the browser) its say back.
 */
export function LanguageMenu() {
  const { chosen, choose, t } = useLocale();
  const id = useId();
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end" className={classes.menu}>
      <IconLanguage size={18} aria-hidden />
      <label htmlFor={id} className={classes.label}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={classes.select}
        value={chosen ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          choose(isLanguage(value) ? value : null);
        }}
      >
        <option value="">{t('language.auto')}</option>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </Group>
  );
}
