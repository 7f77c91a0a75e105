import { z } from 'zod/mini';
import { endpoints, GET, readAndSave } from './endpoint';
import { zLine } from './input';
import { ROLES } from './roles';
import { ZErrorReply } from './schemas';
import { key } from './server-messages';

/**
 * Training videos (SPEC §1, §2 Training, §4 Training, §7 Video service): each role watches its own
 * playlist, set by a super admin in Settings either as a YouTube playlist id (read through the
 * YouTube Data API with the server's YOUTUBE_API_KEY) or as a list of video addresses.
 */

export const ZTrainingVideo = z.object({
  title: zLine().check(z.trim(), z.minLength(1, key('training.titleRequired')), z.maxLength(200)),
  url: zLine().check(
    z.trim(),
    z.maxLength(2000),
    z.refine((v) => /^https?:\/\/\S+$/i.test(v), key('training.urlInvalid')),
  ),
});
export type TrainingVideo = z.infer<typeof ZTrainingVideo>;

/** One role's playlist source: none, a YouTube playlist id, or videos listed by address. */
export const ZTrainingSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('youtube'),
    playlistId: z
      .string()
      .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{2,100}$/, key('training.playlistIdInvalid'))),
  }),
  z.object({ kind: z.literal('videos'), videos: z.array(ZTrainingVideo).check(z.maxLength(200)) }),
]);
export type TrainingSource = z.infer<typeof ZTrainingSource>;

/** GET/PUT /training-settings (super admin): a source for every role. */
export const ZTrainingSettings = z.object(
  Object.fromEntries(ROLES.map((role) => [role, ZTrainingSource])) as Record<
    (typeof ROLES)[number],
    typeof ZTrainingSource
  >,
);
export type TrainingSettings = z.infer<typeof ZTrainingSettings>;

/** SPEC §3 Video playlist item, flattened: what the training screen plays. */
export const ZPlaylistItem = z.object({
  title: z.string(),
  /** The YouTube video id when the video is on YouTube, else null. */
  videoId: z.nullable(z.string()),
  /** An address the player can play (https://www.youtube.com/watch?v=… for YouTube videos). */
  url: z.string(),
});
export type PlaylistItem = z.infer<typeof ZPlaylistItem>;

/** GET /training/playlist: the caller's role's playlist. */
export const ZTrainingPlaylistReply = z.object({
  role: z.enum(ROLES),
  items: z.array(ZPlaylistItem),
});
export type TrainingPlaylistReply = z.infer<typeof ZTrainingPlaylistReply>;

export const TRAINING_API = endpoints(['training'], {
  ...readAndSave(
    ['settings', 'saveSettings'],
    { path: '/training-settings', reply: ZTrainingSettings, access: 'manageProductSettings' },
    ZTrainingSettings,
    {
      read: "Every role's training playlist source (super admin)",
      save: "Set every role's training playlist: none, a YouTube playlist id or a list of videos",
    },
  ),
  playlist: GET(
    {
      path: '/training/playlist',
      reply: ZTrainingPlaylistReply,
      access: 'signedIn',
      // YouTube failing, unconfigured or slow.
      errors: { 502: ZErrorReply, 503: ZErrorReply, 504: ZErrorReply },
    },
    "The caller's role's training videos (YouTube playlists read with the server's key)",
  ),
});
