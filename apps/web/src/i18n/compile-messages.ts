import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The catalogues the screens load: `packages/messages/catalogues/<scope>/<language>.json`, flat dotted
 * keys → ICU messages (the server's `print` and `mail` scopes are not the browser's).
 */
export const CATALOGUE_FILE =
  /[\\/]packages[\\/]messages[\\/]catalogues[\\/](participant|staff|training|menu)[\\/][a-z]{2}\.json$/;

const PREFIX = '\0messages:';

/** One catalogue's ICU messages compiled to Lingui's runtime form (throws on a malformed message). */
export function compileCatalogue(messages: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`Message ${id} is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}

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
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    return { code: `export default ${JSON.stringify(compileCatalogue(messages))};`, map: null };
  },
};
