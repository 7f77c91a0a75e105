import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef, type KeyboardEvent, useState } from 'react';
import { useT } from '../i18n/locale-provider';

/**
 * Mantine's PasswordInput with its show/hide toggle made a real control: reachable with Tab, named
 * 'Show password', its state given by aria-pressed, and operable with Enter as well as Space.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<PasswordInputProps, 'visible'>>(
  function PasswordField(props, ref) {
    const [isVisible, setIsVisible] = useState(false);
    const t = useT();
    return (
      <PasswordInput
        ref={ref}
        {...props}
        visible={isVisible}
        onVisibilityChange={setIsVisible}
        visibilityToggleButtonProps={{
          tabIndex: 0,
          'aria-label': t('common.showPassword'),
          onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setIsVisible((visible) => !visible);
            }
          },
        }}
      />
    );
  },
);
