import { english } from '@playshop/messages/english';
import { type Message, message } from '@playshop/shared';
import { imageSize } from 'image-size';
import sharp from 'sharp';

/** The longest side an uploaded image may have: a phone draws a 65,535-pixel PNG by allocating gigabytes. */
export const IMAGE_MAX_SIDE = 4096;

export type ImageFormat = 'png' | 'jpg' | 'gif' | 'webp';

/** Why an image was refused: the reply's code and text (each caller answers 400 its own way). */
export class ImageRefused extends Error {
  constructor(
    readonly code: 'IMAGE_TOO_LARGE' | 'NOT_AN_IMAGE',
    readonly text: Message,
  ) {
    super(english(text.key, text.params));
  }
}

const IMAGE_SIZE_TYPES: Record<ImageFormat, string> = { png: 'png', jpg: 'jpg', gif: 'gif', webp: 'webp' };

/**
 * The image drawn again, in its own format, after its size is read from its header: what is served
 * is always an image libvips decoded and encoded, never the uploader's bytes (a file that is also
 * something else, metadata with a location, a header that lies about its size). A header declaring
 * more than IMAGE_MAX_SIDE a side is refused before anything is decoded; the decoder is held to the
 * same bound in case the header and the data disagree. Animated GIF and WebP keep their frames.
 */
export async function reencodeImage(bytes: Uint8Array, format: ImageFormat): Promise<Buffer> {
  let declared: ReturnType<typeof imageSize>;
  try {
    declared = imageSize(bytes);
  } catch {
    throw new ImageRefused('NOT_AN_IMAGE', message('content.imageUnreadable'));
  }
  if (declared.type !== IMAGE_SIZE_TYPES[format])
    throw new ImageRefused('NOT_AN_IMAGE', message('content.imageUnreadable'));
  const { width, height } = declared;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
    throw new ImageRefused(
      'IMAGE_TOO_LARGE',
      message('content.imageTooLarge', { width, height, max: IMAGE_MAX_SIDE }),
    );
  }
  const animated = format === 'gif' || format === 'webp';
  try {
    let image = sharp(bytes, {
      animated,
      failOn: 'error',
      // An animation's frames count together (a GIF of a hundred small frames is allowed more).
      limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE * (animated ? 4 : 1),
    });
    // A photo's EXIF turn is applied to its pixels, since the metadata that said it goes.
    if (format === 'jpg') image = image.autoOrient();
    const encoded =
      format === 'png'
        ? image.png()
        : format === 'jpg'
          ? image.jpeg({ quality: 90 })
          : format === 'gif'
            ? image.gif()
            : image.webp({ quality: 90 });
    // No metadata is kept (sharp drops EXIF, XMP and comments unless asked to keep them).
    return await encoded.toBuffer();
  } catch {
    throw new ImageRefused('NOT_AN_IMAGE', message('content.imageUnreadable'));
  }
}
