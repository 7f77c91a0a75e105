import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseCatalogue } from './catalogue';
import { SCOPES, type Scope } from './index';

/**
 * `npm run messages:check` (scripts/messages-check.ts, and a test of the web project so CI runs it):
 * the keys the source uses, extracted from it, against the catalogues. It fails on
 * - a catalogue it cannot read (bad JSON: the file, and the line and column where it breaks),
 * - a key the source uses that no English catalogue has,
 * - a key of a scope's English that a language of that scope lacks or leaves empty (the languages
 *   are data: `CATALOGUE_LANGUAGES` in packages/shared/src/languages.ts),
 * - a key no source uses (a leftover).
 * A key is used where a string literal in the source is exactly the key, or where a template literal
 * starts with its prefix (`toast.${status}` uses every `toast.` key) or ends with its suffix
 * (`${area}.navLabel`).
 */
export interface CheckReport {
  /**
   * Catalogues that cannot be read: bad JSON (the file and where it breaks) or no flat object of
   * texts. Their keys are not judged: while an English file is unreadable, no key is called missing
   * from English either.
   */
  unreadable: string[];
  /** Keys used in source that no English catalogue has, with the file that uses them. */
  missingEnglish: string[];
  /** `<scope>/<language>: <key>` for each key a language lacks, or has empty. */
  missingTranslation: string[];
  /** `<scope>: <key>` for each English key that no source uses. */
  unused: string[];
}

/** What the source is: the three workspaces' source files, tests left out (they use keys to check them). */
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'packages/messages/src'];
const SOURCE_FILE = /\.(ts|tsx)$/;
const NOT_SOURCE = /\.test\.tsx?$|[\\/]test[\\/]/;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, into);
    else if (SOURCE_FILE.test(name) && !NOT_SOURCE.test(path)) into.push(path);
  }
  return into;
}

/** The call forms that name a message key (what must exist in English). */
const KEY_CALL =
  /\b(?:t|translate|message|key|english|i18n\._)\(\s*'([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+)'/g;
/** A key-shaped string literal: quotes right around a dotted key (no pairing of quotes across a file). */
const LITERAL = /['"`]([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+)['"`]/g;
const TEMPLATE_PREFIX = /`([a-z][a-zA-Z0-9]*\.[a-zA-Z0-9_.]*)\$\{/g;
/** `${area}.navLabel`: every key that ends so. */
const TEMPLATE_SUFFIX = /`\$\{[^}`]+\}(\.[a-zA-Z0-9_.]+)`/g;
/** `auditMessageId('audit.value', value)` (the audit log's words for a stored value): every `audit.value.` key. */
const FAMILY = /auditMessageId\(\s*'([\w.]+)'/g;
/** `liveTexts('screen', ['connecting', …])` (the game's screen texts): each name is `screen.<name>`. */
const LIVE_TEXTS = /liveTexts\(\s*'(\w+)',\s*\[([^\]]*)\]/g;

/** The keys, prefixes and calls a body of source uses. */
export function extractKeys(files: { path: string; text: string }[]) {
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  const suffixes = new Set<string>();
  const called = new Map<string, string>();
  for (const { path, text } of files) {
    for (const m of text.matchAll(LITERAL)) literals.add(m[1] as string);
    for (const m of text.matchAll(TEMPLATE_PREFIX)) prefixes.add(m[1] as string);
    for (const m of text.matchAll(FAMILY)) prefixes.add(`${m[1]}.`);
    for (const m of text.matchAll(TEMPLATE_SUFFIX)) suffixes.add(m[1] as string);
    for (const m of text.matchAll(KEY_CALL))
      if (!called.has(m[1] as string)) called.set(m[1] as string, path);
    for (const m of text.matchAll(LIVE_TEXTS))
      for (const name of (m[2] as string).matchAll(/'(\w+)'/g)) literals.add(`${m[1]}.${name[1]}`);
  }
  return { literals, prefixes: [...prefixes], suffixes: [...suffixes], called };
}

/**
 * A catalogue: its messages, null when the file is not there (each of its keys is then missing), or
 * undefined when it cannot be read (said in `unreadable`).
 */
function read(
  root: string,
  scope: string,
  language: string,
  unreadable: string[],
): Record<string, string> | null | undefined {
  const file = join('packages/messages/catalogues', scope, `${language}.json`);
  try {
    return parseCatalogue(readFileSync(join(root, file), 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    unreadable.push((error as Error).message);
    return undefined;
  }
}

/** Checks the catalogues under `root` (the repository) against its source. */
export function checkMessages(root: string, languages: Record<Scope, readonly string[]>): CheckReport {
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir))).map((path) => ({
    path: relative(root, path),
    text: readFileSync(path, 'utf8'),
  }));
  const { literals, prefixes, suffixes, called } = extractKeys(files);
  const used = (id: string) =>
    literals.has(id) || prefixes.some((p) => id.startsWith(p)) || suffixes.some((x) => id.endsWith(x));
  const report: CheckReport = { unreadable: [], missingEnglish: [], missingTranslation: [], unused: [] };
  const allEnglish = new Set<string>();
  let englishRead = true;
  for (const scope of SCOPES) {
    const english = read(root, scope, 'en', report.unreadable);
    if (english === undefined) englishRead = false;
    for (const id of Object.keys(english ?? {})) {
      allEnglish.add(id);
      if (!used(id)) report.unused.push(`${scope}: ${id}`);
    }
    for (const language of languages[scope]) {
      if (language === 'en' || !english) continue;
      const messages = read(root, scope, language, report.unreadable);
      if (messages === undefined) continue;
      for (const [id, text] of Object.entries(english)) {
        if (!messages?.[id]?.trim()) report.missingTranslation.push(`${scope}/${language}: ${id}`);
        else if (!text.trim()) report.missingTranslation.push(`${scope}/en: ${id}`);
      }
    }
  }
  if (englishRead)
    for (const [id, path] of called) if (!allEnglish.has(id)) report.missingEnglish.push(`${id} (${path})`);
  return report;
}
