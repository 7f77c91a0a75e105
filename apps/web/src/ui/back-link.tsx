import type { ButtonProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, type RelativeRoutingType, type To } from 'react-router';
import { ButtonWithIcon } from './button-with-icon';

/** A button-styled link back to the page above (a left arrow before `children`). */
export function BackLink({
  variant = 'default',
  ...props
}: Omit<ButtonProps, 'leftSection'> & { to: To; relative?: RelativeRoutingType; children: ReactNode }) {
  return <ButtonWithIcon icon={IconArrowLeft} component={Link} variant={variant} {...props} />;
}
