import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, type RelativeRoutingType, type To } from 'react-router';

/** A button-styled link back to the page above (a left arrow before `children`). */
export function BackLink({
  to,
  relative,
  variant = 'default',
  children,
  ...props
}: Omit<ButtonProps, 'leftSection'> & { to: To; relative?: RelativeRoutingType; children: ReactNode }) {
  return (
    <Button
      component={Link}
      to={to}
      relative={relative}
      variant={variant}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      {...props}
    >
      {children}
    </Button>
  );
}
