/**
 * The music-playlist player of the facilitator's bar: an embed address (a YouTube or Spotify
 * playlist embed). With none configured nothing is shown.
 */
import { useT } from '../../../i18n/locale-provider';

export function MusicPlayer({ embedUrl }: { embedUrl: string | null | undefined }) {
  const t = useT();
  if (!embedUrl || !/^https:\/\//.test(embedUrl)) return null;
  return (
    <iframe
      title={t('gameControl.musicPlaylist')}
      src={embedUrl}
      width={300}
      height={80}
      style={{ border: 0, borderRadius: 8 }}
      allow="autoplay; encrypted-media"
      loading="lazy"
    />
  );
}
