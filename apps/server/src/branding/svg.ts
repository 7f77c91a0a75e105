import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/** One window for every logo: DOMPurify needs a DOM, which Node does not have. */
const purify = createDOMPurify(new JSDOM('').window);

/** Embedded raster images are common in exported logos and carry no reference outside the file. */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** A CSS `url(…)` that is not a fragment of the same file, or an `@import`. */
const CSS_OUTSIDE = /@import|url\(\s*['"]?\s*(?!#)/i;
const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

export type SvgCheck = { svg: string } | { refused: 'script' | 'external' | 'unreadable' };

/**
 * A logo's SVG, sanitized by DOMPurify (SVG profile), or why it is refused: scripts and event handlers
 * (anything DOMPurify takes out as active content), and references outside the file (links, external
 * images or fonts, CSS imports), which would make the logo load things from elsewhere.
 */
export function checkSvg(text: string): SvgCheck {
  // Entities can expand without bound or name outside files; a logo needs neither.
  if (/<!ENTITY/i.test(text)) return { refused: 'external' };
  if (/<\?xml-stylesheet/i.test(text)) return { refused: 'external' };
  if (!/<svg[\s>]/i.test(text)) return { refused: 'unreadable' };

  let external = false;
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue.trim();
    if (REFERENCE_ATTRIBUTES.has(data.attrName) && !value.startsWith('#') && !INLINE_IMAGE.test(value)) {
      external = true;
    }
    if (data.attrName === 'style' && CSS_OUTSIDE.test(value)) external = true;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && CSS_OUTSIDE.test(node.textContent ?? '')) external = true;
  });
  let svg: string;
  try {
    svg = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true } });
  } finally {
    purify.removeAllHooks();
  }
  const removedActive = purify.removed.some((item) => {
    if ('element' in item) {
      const name = (item.element as Element).nodeName?.toLowerCase() ?? '';
      return (
        name === 'script' ||
        name === 'foreignobject' ||
        name === 'iframe' ||
        name === 'object' ||
        name === 'embed'
      );
    }
    const attribute = item.attribute?.name.toLowerCase() ?? '';
    return attribute.startsWith('on') || /javascript:/i.test(item.attribute?.value ?? '');
  });
  if (removedActive) return { refused: 'script' };
  if (external) return { refused: 'external' };
  if (!svg.trim().toLowerCase().startsWith('<svg')) return { refused: 'unreadable' };
  // A file on its own needs its namespace to be drawn as SVG (an <img> of it, a download).
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/i.test(svg)) {
    svg = svg.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  }
  return { svg };
}
