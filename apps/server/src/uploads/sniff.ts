/** Image kinds we accept, recognised by their first bytes (never by a client's file name or type). */
type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'webp'; contentType: string };

export function sniffImage(head: Uint8Array): ImageKind | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (text: string, offset = 0) =>
    starts(
      [...text].map((c) => c.charCodeAt(0)),
      offset,
    );
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', contentType: 'image/png' };
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (ascii('GIF87a') || ascii('GIF89a')) return { ext: 'gif', contentType: 'image/gif' };
  if (ascii('RIFF') && ascii('WEBP', 8)) return { ext: 'webp', contentType: 'image/webp' };
  return null;
}
