import { Button, type ButtonProps, createPolymorphicComponent } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { forwardRef } from 'react';

type ButtonWithIconProps = Omit<ButtonProps, 'leftSection'> & { icon: TablerIcon };

/**
 * A Mantine button with an icon before its text, at the one size buttons use; the icon is hidden from
 * screen readers (the text names the button). Polymorphic like Button (`component={Link}`).
 */
export const ButtonWithIcon = createPolymorphicComponent<'button', ButtonWithIconProps>(
  forwardRef<HTMLButtonElement, ButtonWithIconProps>(({ icon: Icon, ...props }, ref) => (
    <Button ref={ref} leftSection={<Icon size={16} aria-hidden />} {...props} />
  )),
);
