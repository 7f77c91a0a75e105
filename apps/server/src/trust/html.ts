/** The trust pages' HTML: written by the server, no script, readable before anyone signs in. */

import { escapeHtml, html, type Raw, raw } from '../http/html';

/** Plain text with `code` and **strong** marks, as the report's remarks are written, as HTML. */
export const inlineHtml = (text: string): string =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

const PAGES = [
  { path: '/security', label: 'Security' },
  { path: '/accessibility', label: 'Accessibility' },
] as const;

// Contrast: text #1f2328 and links #0b57b0 on white are above 7:1; the focus ring is the link's colour.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
a{color:#0b57b0;text-underline-offset:.15em}
a:focus-visible,[tabindex]:focus-visible{outline:3px solid #0b57b0;outline-offset:2px}
.skip{position:absolute;left:.5rem;top:-4rem;padding:.5rem 1rem;background:#fff;border:2px solid #0b57b0}
.skip:focus{top:.5rem}
header,main,footer{max-width:72rem;margin:0 auto;padding:1rem 1.25rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;border-bottom:1px solid #d0d7de}
header .brand{font-weight:700;font-size:1.125rem;color:inherit;text-decoration:none}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:0;padding:0;list-style:none}
nav a{display:inline-block;padding:.25rem 0;min-height:24px}
nav a[aria-current=page]{font-weight:700;color:#1f2328}
h1{font-size:1.75rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
code{font-size:.9em;background:#f3f4f6;padding:.05em .25em;border-radius:3px;overflow-wrap:anywhere}
.scroll{overflow-x:auto;border:1px solid #d0d7de;border-radius:6px}
table{border-collapse:collapse;width:100%;min-width:40rem}
caption{text-align:start;font-weight:600;padding:.5rem .75rem}
th,td{text-align:start;vertical-align:top;padding:.5rem .75rem;border-top:1px solid #d0d7de}
thead th{background:#f6f8fa}
footer{border-top:1px solid #d0d7de;color:#57606a;font-size:.875rem}
p,li{max-width:48rem}
`;

/** A whole page: skip link, the product's name and the trust pages' navigation, main, footer. */
export function page(options: { path: string; title: string; main: Raw; securityTxt: boolean }): string {
  const links = PAGES.map(
    ({ path, label }) =>
      html`<li><a href="${path}"${raw(path === options.path ? ' aria-current="page"' : '')}>${label}</a></li>`,
  );
  return `<!doctype html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Playshop</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to main content</a>
<header>
<a class="brand" href="/">Playshop</a>
<nav aria-label="About this installation"><ul>${links}<li><a href="/">Sign in</a></li></ul></nav>
</header>
<main id="main" tabindex="-1">
${options.main}
</main>
<footer><p>Served by this Playshop installation.${
      options.securityTxt
        ? html` Machine-readable contact: <a href="/.well-known/security.txt">/.well-known/security.txt</a>.`
        : ''
    }</p></footer>
</body>
</html>
`.html
  }`;
}
