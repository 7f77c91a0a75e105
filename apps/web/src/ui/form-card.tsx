import {
  Button,
  type ButtonProps,
  Container,
  Paper,
  Stack,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { CSSProperties, FormEventHandler, ReactNode } from 'react';
import { useT } from '../i18n/locale-provider';
import { keepFieldFocus } from './keep-focus';
import { PageTitle } from './page-title';

/** A narrow centred card for the login and password screens. */
export function FormCard({
  title,
  intro,
  children,
  style,
  band,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** An organization's colours (brandVars) for a room's own page. */
  style?: CSSProperties;
  /** Above the title: an organization's band (BrandBand). */
  band?: ReactNode;
}) {
  return (
    <Container size={440} px={0} py={{ base: 'md', sm: 'xl' }} style={style}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          {band}
          <PageTitle fz={{ base: 26, sm: 30 }} subtitle={intro}>
            {title}
          </PageTitle>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * A form of those screens: its fields one under another, then one full-width submit button, busy
 * while `pending`. `keepFocus` for a form that validates on blur (see keepFieldFocus).
 */
export function CardForm({
  onSubmit,
  submit,
  pending,
  keepFocus = false,
  gap = 'md',
  variant,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submit: string;
  pending: boolean;
  keepFocus?: boolean;
  gap?: 'sm' | 'md';
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={gap}>
        {children}
        <Button
          type="submit"
          onMouseDown={keepFocus ? keepFieldFocus : undefined}
          size="md"
          fullWidth
          variant={variant}
          loading={pending}
        >
          {submit}
        </Button>
      </Stack>
    </form>
  );
}

/** The account email field of those screens (a required address, filled in by the browser). */
export function EmailField(props: TextInputProps) {
  const t = useT();
  return (
    <TextInput label={t('common.email')} type="email" required autoComplete="email" size="md" {...props} />
  );
}
