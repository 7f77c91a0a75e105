import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { useMaterialsPaths } from './materials-area';

interface Crumb {
  label: string;
  /** Absent on the current page. */
  href?: string;
}

/**
 * The way back up: (Traditional delivery ›) Materials › folder › subfolder. The facilitator's
 * traditional pages have no sidebar, so their trail starts at the traditional delivery page.
 */
export function MaterialsBreadcrumbs({ trail }: { trail: Crumb[] }) {
  const t = useT();
  const { area, root } = useMaterialsPaths();
  const org = useParams().org ?? '';
  const start: Crumb[] =
    area === 'traditional'
      ? [
          {
            label: t('materials.traditionalDelivery'),
            href: `/${encodeURIComponent(org)}/facilitator/traditional`,
          },
        ]
      : [];
  const crumbs: Crumb[] = [
    ...start,
    { label: t('materials.title'), href: trail.length ? root : undefined },
    ...trail,
  ];
  return (
    <nav aria-label={t('materials.breadcrumb')}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {crumbs.map((crumb) =>
          crumb.href ? (
            <Anchor key={crumb.href} component={Link} to={crumb.href} style={{ overflowWrap: 'anywhere' }}>
              {crumb.label}
            </Anchor>
          ) : (
            <Text
              key={`current:${crumb.label}`}
              aria-current="page"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

/** The trail of a folder page (or of a page below it, such as its rename page). */
export function folderTrail(
  folderHref: (folder: string, subfolder?: string) => string,
  folder: string,
  subfolder: string | undefined,
  current: 'folder' | 'below',
): Crumb[] {
  const trail: Crumb[] = [{ label: folder, href: folderHref(folder) }];
  if (subfolder) trail.push({ label: subfolder, href: folderHref(folder, subfolder) });
  if (current === 'folder') {
    const last = trail.at(-1);
    if (last) last.href = undefined;
  }
  return trail;
}
