import { readFileSync } from 'node:fs';
import { compileCatalogue, parseCatalogue } from '@playshop/messages/catalogue';
import type { Plugin } from 'vite';

/**
 * The catalogues the screens load: `packages/messages/catalogues/<scope>/<language>.json`, flat dotted
 * keys → ICU messages (the server's `print` and `mail` scopes are not the browser's).
 */
export const CATALOGUE_FILE =
  /[\\/]packages[\\/]messages[\\/]catalogues[\\/](participant|staff|training|menu)[\\/][a-z]{2}\.json$/;

const PREFIX = '\0messages:';

/**
 * The catalogues are compiled when they are bundled, so the browser gets Lingui's runtime without
 * its ICU parser (~3.4 KB gzip less; docs/decisions.md, "Languages (issue 32)").
 */
export const compiledMessages: Plugin = {
  name: 'playshop:compiled-messages',
  enforce: 'pre',
  // A virtual id that does not end in .json, so Vite's JSON plugin leaves the compiled module alone.
  async resolveId(source, importer, options) {
    if (!source.endsWith('.json') || source.startsWith(PREFIX)) return;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (resolved && CATALOGUE_FILE.test(resolved.id)) return `${PREFIX}${resolved.id.replace(/\.json$/, '')}`;
  },
  load(id) {
    if (!id.startsWith(PREFIX)) return;
    const file = `${id.slice(PREFIX.length)}.json`;
    this.addWatchFile(file);
    const messages = parseCatalogue(readFileSync(file, 'utf8'), file);
    return { code: `export default ${JSON.stringify(compileCatalogue(messages))};`, map: null };
  },
};
