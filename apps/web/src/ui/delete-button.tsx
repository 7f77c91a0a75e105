import { Button, type ButtonProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';

/** The red button that asks to delete something (a bin before the text); the confirmation is the caller's. */
export function DeleteButton({
  iconSize = 16,
  ...props
}: Omit<ButtonProps, 'leftSection' | 'variant' | 'color'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & { iconSize?: number }) {
  return (
    <Button variant="light" color="red" leftSection={<IconTrash size={iconSize} aria-hidden />} {...props} />
  );
}
