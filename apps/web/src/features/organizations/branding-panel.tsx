import {
  Alert,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  brandCss,
  contrastRatio,
  inkOnWhite,
  LOGO_MAX_BYTES,
  type OrgBranding,
  textOn,
} from '@playshop/shared';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale-provider';
import { BrandBand, brandVars } from '../../ui/brand-frame';
import { ErrorAlert } from '../../ui/error-alert';
import { keyText } from '../../ui/key-text';
import { PageLoader } from '../../ui/page-loader';
import { useOrgBranding, useSaveBranding } from './branding-api';

const HEX = /^#[0-9a-f]{6}$/i;
const SWATCHES = ['#0b7285', '#1c7ed6', '#2f9e44', '#e8590c', '#c2255c', '#ffd43b', '#212529', '#6741d9'];

/**
 * An organization's look (issue 32): logo, primary colour and accent, with a live preview of a phone
 * and the projector as its rooms will show them. The text colour on each colour is chosen (black or
 * white) to keep 4.5:1, and the preview says which and at what contrast.
 */
export function BrandingPanel({ orgId }: { orgId: number }) {
  const t = useT();
  const branding = useOrgBranding(orgId);
  if (branding.isPending) return <PageLoader label={t('orgs.lookLoading')} />;
  if (branding.isError)
    return <ErrorAlert message={t('common.error', { message: branding.error.message })} />;
  return <BrandingForm key={`${orgId}`} branding={branding.data} />;
}

const COLOUR_TEXTS = {
  primary: {
    label: 'orgs.primaryColour',
    description: 'orgs.primaryColourHelp',
    placeholder: 'orgs.primaryColourPlaceholder',
    pick: 'orgs.pickPrimary',
  },
  accent: {
    label: 'orgs.accentColour',
    description: 'orgs.accentColourHelp',
    placeholder: 'orgs.accentColourPlaceholder',
    pick: 'orgs.pickAccent',
  },
} as const;

/** One of the organization's two colours, as hex, with the product's swatches. */
function ColourField({
  which,
  value,
  onChange,
  error,
}: {
  which: keyof typeof COLOUR_TEXTS;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const t = useT();
  const texts = COLOUR_TEXTS[which];
  return (
    <ColorInput
      label={t(texts.label)}
      description={t(texts.description)}
      placeholder={t(texts.placeholder)}
      format="hex"
      swatches={SWATCHES}
      value={value}
      onChange={onChange}
      eyeDropperButtonProps={{ 'aria-label': t(texts.pick) }}
      error={error}
    />
  );
}

/** The logo: the current one, upload or replace (PNG or SVG up to the limit), remove. */
function LogoField({ branding, save }: { branding: OrgBranding; save: ReturnType<typeof useSaveBranding> }) {
  const t = useT();
  const [logoError, setLogoError] = useState<string | null>(null);
  const chooseLogo = (file: File | null) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setLogoError(t('branding.logoTooLarge'));
    setLogoError(null);
    save.mutate({ kind: 'logo', file }, { onError: (error) => setLogoError(error.message) });
  };

  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {t('orgs.logo')}
      </Text>
      <Group gap="sm">
        {branding.logoUrl ? (
          <img
            src={branding.logoUrl}
            alt={t('orgs.currentLogo')}
            style={{ blockSize: 48, maxInlineSize: 160 }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('orgs.noLogo')}
          </Text>
        )}
      </Group>
      <Group gap="sm">
        <FileButton onChange={chooseLogo} accept="image/png,image/svg+xml">
          {(props) => (
            <Button variant="light" loading={save.isPending && save.variables?.kind === 'logo'} {...props}>
              {branding.logoUrl ? t('orgs.replaceLogo') : t('orgs.uploadLogo')}
            </Button>
          )}
        </FileButton>
        {branding.logoUrl && (
          <Button variant="subtle" color="red" onClick={() => save.mutate({ kind: 'removeLogo' })}>
            {t('orgs.removeLogo')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('orgs.logoHelp', { kb: LOGO_MAX_BYTES / 1024 })}
      </Text>
      {logoError && (
        <Text c="red.9" size="sm" role="alert">
          {logoError}
        </Text>
      )}
    </Stack>
  );
}

function BrandingForm({ branding }: { branding: OrgBranding }) {
  const t = useT();
  const save = useSaveBranding(branding.orgId);
  const [primary, setPrimary] = useState(branding.primaryColor ?? '');
  const [accent, setAccent] = useState(branding.accentColor ?? '');
  const headingId = useId();

  const colors = {
    primaryColor: HEX.test(primary) ? primary.toLowerCase() : null,
    accentColor: HEX.test(accent) ? accent.toLowerCase() : null,
  };
  // The same rule as the server's: the preview is what the rooms will show.
  const draft = { ...branding, ...colors, css: brandCss(colors) };
  const colorError = (value: string) => (value && !HEX.test(value) ? t('branding.invalidColor') : undefined);
  const serverError = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) => (serverError?.field === field ? serverError.message : undefined);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="xs" id={headingId}>
        {t('orgs.look')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('orgs.lookIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <LogoField branding={branding} save={save} />
          <ColourField
            which="primary"
            value={primary}
            onChange={setPrimary}
            error={colorError(primary) ?? keyText(fieldError('primaryColor'))}
          />
          <ColourField
            which="accent"
            value={accent}
            onChange={setAccent}
            error={colorError(accent) ?? keyText(fieldError('accentColor'))}
          />
          <Group gap="sm">
            <Button
              onClick={() =>
                save.mutate({ kind: 'colors', primaryColor: primary || null, accentColor: accent || null })
              }
              loading={save.isPending && save.variables?.kind === 'colors'}
              disabled={Boolean(colorError(primary) || colorError(accent))}
            >
              {t('orgs.saveColours')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setPrimary('');
                setAccent('');
              }}
            >
              {t('orgs.playshopColours')}
            </Button>
          </Group>
          {serverError && !serverError.field && save.variables?.kind === 'colors' && (
            <Alert color="red">{serverError.message}</Alert>
          )}
        </Stack>
        <BrandingPreview branding={draft} />
      </SimpleGrid>
    </Card>
  );
}

const ratio = (a: string, b: string) => `${contrastRatio(a, b).toFixed(1)}:1`;

/** What a phone will show, drawn with the same CSS variables the game screens use. */
function BrandingPreview({ branding }: { branding: OrgBranding }) {
  const { primaryColor, accentColor } = branding;
  const t = useT();
  const shown = primaryColor || accentColor || branding.logoUrl ? branding : null;
  return (
    <Stack gap="xs" aria-label={t('orgs.preview')} data-testid="branding-preview">
      <Text fw={600} size="sm">
        {t('orgs.preview')}
      </Text>
      <Card withBorder radius="lg" padding="sm" maw={340} style={brandVars(shown)}>
        <Stack gap="sm">
          {shown ? (
            <BrandBand branding={shown} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('orgs.playshopLook')}
            </Text>
          )}
          <Text fw={700}>{t('orgs.previewRoom')}</Text>
          <PreviewCard />
          <Button fullWidth>{t('orgs.previewBingo')}</Button>
        </Stack>
      </Card>
      {primaryColor && (
        <Text size="xs" c="dimmed" data-testid="contrast-note">
          {t('orgs.contrastNote', {
            ink: textOn(primaryColor) === '#000000' ? 'black' : 'white',
            ratio: ratio(primaryColor, textOn(primaryColor)),
            shade: inkOnWhite(primaryColor),
            shadeRatio: ratio(inkOnWhite(primaryColor), '#ffffff'),
            darker: inkOnWhite(primaryColor) !== primaryColor ? 'yes' : 'no',
          })}
        </Text>
      )}
    </Stack>
  );
}

/** A corner of a bingo card: a marked number in the brand's ink, the rest plain. */
function PreviewCard() {
  const t = useT();
  const cells = [7, 22, 41, 13, 0, 58, 4, 30, 67];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 6 }} aria-hidden>
      {cells.map((n, i) => {
        const marked = i === 0 || i === 4 || i === 8;
        return (
          <div
            key={n}
            style={{
              aspectRatio: '2',
              display: 'grid',
              placeItems: 'center',
              borderRadius: 8,
              fontWeight: 700,
              border: `2px solid ${marked ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-gray-4)'}`,
              background: marked ? 'var(--mantine-color-brand-7)' : '#fff',
              color: marked ? '#fff' : 'var(--mantine-color-gray-9)',
            }}
          >
            {n === 0 ? t('orgs.previewFree') : n}
          </div>
        );
      })}
    </div>
  );
}
