/**
 * `npm run messages:check`: the message keys the source uses against the catalogues of
 * @playshop/messages (packages/messages/src/check.ts says what fails). Exits 1 on any finding.
 */
import { join } from 'node:path';
import { checkMessages } from '../packages/messages/src/check';
import { CATALOGUE_LANGUAGES } from '../packages/shared/src/languages';

const report = checkMessages(join(import.meta.dirname, '..'), CATALOGUE_LANGUAGES);
const sections: [string, string[]][] = [
  ['cannot be read', report.unreadable],
  ['used in the source but missing from English', report.missingEnglish],
  ['missing or empty in a language of its catalogue', report.missingTranslation],
  ['in English but used nowhere in the source', report.unused],
];
let failed = false;
for (const [title, keys] of sections) {
  if (keys.length === 0) continue;
  failed = true;
  const what = keys === report.unreadable ? 'catalogue(s)' : 'key(s)';
  console.error(`${keys.length} ${what} ${title}:\n  ${keys.join('\n  ')}`);
}
if (!failed) console.log('messages:check: every key used is in English, in every language, and used.');
process.exit(failed ? 1 : 0);
