import {
  type PlaylistItem,
  ROLES,
  type Role,
  type TrainingSettings,
  type TrainingSource,
  youtubeVideoId,
  ZTrainingSource,
} from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { TRAINING_SETTINGS_KEY } from '../db/setting-keys';
import type { YoutubeClient } from './youtube';

const NONE: TrainingSource = { kind: 'none' };

/**
 * Reads a stored value role by role: a role missing from it, or stored in a shape an older version
 * wrote, falls back to no playlist instead of failing the whole page.
 */
function fromStored(value: unknown): TrainingSettings {
  const stored = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return Object.fromEntries(
    ROLES.map((role) => {
      const parsed = ZTrainingSource.safeParse(stored[role]);
      return [role, parsed.success ? parsed.data : NONE];
    }),
  ) as TrainingSettings;
}

export function trainingService(db: Db, youtube: YoutubeClient) {
  async function readSettings(): Promise<TrainingSettings> {
    const [row] = await db.select().from(settings).where(eq(settings.key, TRAINING_SETTINGS_KEY));
    return fromStored(row?.value);
  }

  return {
    readSettings,

    /** Replaces every role's source; `input` is already validated by ZTrainingSettings. */
    async saveSettings(input: TrainingSettings): Promise<TrainingSettings> {
      const value = fromStored(input);
      await db
        .insert(settings)
        .values({ key: TRAINING_SETTINGS_KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
      return value;
    },

    /** The videos of `role`'s playlist, in order: from YouTube, or the listed addresses. */
    async playlistFor(role: Role): Promise<PlaylistItem[]> {
      const source = (await readSettings())[role];
      switch (source.kind) {
        case 'none':
          return [];
        case 'youtube':
          return youtube.playlistItems(source.playlistId);
        case 'videos':
          return source.videos.map((video) => ({
            title: video.title,
            videoId: youtubeVideoId(video.url),
            url: video.url,
          }));
        default: {
          const unknownKind: never = source;
          throw new Error(`unknown training source ${JSON.stringify(unknownKind)}`);
        }
      }
    },
  };
}

export type TrainingService = ReturnType<typeof trainingService>;
