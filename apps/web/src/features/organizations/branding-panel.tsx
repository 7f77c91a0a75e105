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
  BRANDING_TEXTS,
  brandCss,
  contrastRatio,
  inkOnWhite,
  LOGO_MAX_BYTES,
  type OrgBranding,
  textOn,
} from '@playshop/shared';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { BrandBand, brandVars } from '../../ui/brand-frame';
import { ErrorAlert } from '../../ui/error-alert';
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
  const branding = useOrgBranding(orgId);
  if (branding.isPending) return <PageLoader label="Loading the look" />;
  if (branding.isError) return <ErrorAlert message={`Error: ${branding.error.message}`} />;
  return <BrandingForm key={`${orgId}`} branding={branding.data} />;
}

function BrandingForm({ branding }: { branding: OrgBranding }) {
  const save = useSaveBranding(branding.orgId);
  const [primary, setPrimary] = useState(branding.primaryColor ?? '');
  const [accent, setAccent] = useState(branding.accentColor ?? '');
  const [logoError, setLogoError] = useState<string | null>(null);
  const headingId = useId();

  const colors = {
    primaryColor: HEX.test(primary) ? primary.toLowerCase() : null,
    accentColor: HEX.test(accent) ? accent.toLowerCase() : null,
  };
  // The same rule as the server's: the preview is what the rooms will show.
  const draft = { ...branding, ...colors, css: brandCss(colors) };
  const colorError = (value: string) => (value && !HEX.test(value) ? BRANDING_TEXTS.invalidColor : undefined);
  const serverError = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) => (serverError?.field === field ? serverError.message : undefined);

  const chooseLogo = (file: File | null) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setLogoError(BRANDING_TEXTS.logoTooLarge);
    setLogoError(null);
    save.mutate({ kind: 'logo', file }, { onError: (error) => setLogoError(error.message) });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="xs" id={headingId}>
        Look
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Your logo and colours on the phones, the join page, the projector and the printed cards of your rooms.
        Playshop's own pages keep Playshop's look.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Logo
            </Text>
            <Group gap="sm">
              {branding.logoUrl ? (
                <img
                  src={branding.logoUrl}
                  alt="Current logo"
                  style={{ blockSize: 48, maxInlineSize: 160 }}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  No logo
                </Text>
              )}
            </Group>
            <Group gap="sm">
              <FileButton onChange={chooseLogo} accept="image/png,image/svg+xml">
                {(props) => (
                  <Button
                    variant="light"
                    loading={save.isPending && save.variables?.kind === 'logo'}
                    {...props}
                  >
                    {branding.logoUrl ? 'Replace logo' : 'Upload logo'}
                  </Button>
                )}
              </FileButton>
              {branding.logoUrl && (
                <Button variant="subtle" color="red" onClick={() => save.mutate({ kind: 'removeLogo' })}>
                  Remove logo
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              PNG or SVG, {LOGO_MAX_BYTES / 1024} KB at most. An SVG may not contain scripts or refer to other
              files.
            </Text>
            {logoError && (
              <Text c="red.9" size="sm" role="alert">
                {logoError}
              </Text>
            )}
          </Stack>
          <ColorInput
            label="Primary colour"
            description="The band with your logo, buttons and marked numbers"
            placeholder="Playshop violet"
            format="hex"
            swatches={SWATCHES}
            value={primary}
            onChange={setPrimary}
            eyeDropperButtonProps={{ 'aria-label': 'Pick the primary colour from the screen' }}
            error={colorError(primary) ?? fieldError('primaryColor')}
          />
          <ColorInput
            label="Accent colour"
            description="The line under the band and the logo's frame on the projector"
            placeholder="Same as the primary colour"
            format="hex"
            swatches={SWATCHES}
            value={accent}
            onChange={setAccent}
            eyeDropperButtonProps={{ 'aria-label': 'Pick the accent colour from the screen' }}
            error={colorError(accent) ?? fieldError('accentColor')}
          />
          <Group gap="sm">
            <Button
              onClick={() =>
                save.mutate({ kind: 'colors', primaryColor: primary || null, accentColor: accent || null })
              }
              loading={save.isPending && save.variables?.kind === 'colors'}
              disabled={Boolean(colorError(primary) || colorError(accent))}
            >
              Save colours
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setPrimary('');
                setAccent('');
              }}
            >
              Use Playshop's colours
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
  const shown = primaryColor || accentColor || branding.logoUrl ? branding : null;
  return (
    <Stack gap="xs" aria-label="Preview" data-testid="branding-preview">
      <Text fw={600} size="sm">
        Preview
      </Text>
      <Card withBorder radius="lg" padding="sm" maw={340} style={brandVars(shown)}>
        <Stack gap="sm">
          {shown ? (
            <BrandBand branding={shown} />
          ) : (
            <Text size="sm" c="dimmed">
              Playshop's look
            </Text>
          )}
          <Text fw={700}>WORKSHOP ROOM</Text>
          <PreviewCard />
          <Button fullWidth>Bingo!</Button>
        </Stack>
      </Card>
      {primaryColor && (
        <Text size="xs" c="dimmed" data-testid="contrast-note">
          Text on the primary colour: {textOn(primaryColor) === '#000000' ? 'black' : 'white'},{' '}
          {ratio(primaryColor, textOn(primaryColor))}. Buttons and marked numbers use{' '}
          {inkOnWhite(primaryColor)} ({ratio(inkOnWhite(primaryColor), '#ffffff')} with white)
          {inkOnWhite(primaryColor) !== primaryColor ? ', a darker shade of it, to keep 4.5:1' : ''}.
        </Text>
      )}
    </Stack>
  );
}

/** A corner of a bingo card: a marked number in the brand's ink, the rest plain. */
function PreviewCard() {
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
            {n === 0 ? 'FREE' : n}
          </div>
        );
      })}
    </div>
  );
}
