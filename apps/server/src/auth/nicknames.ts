import { RESERVED_USERNAMES } from '@playshop/shared';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

// obscenity's English list with its look-alike transformers (sh1t, f u c k, …), built once.
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Whether a nickname holds an offensive word of the block list. */
export function isOffensive(nickname: string): boolean {
  return matcher.hasMatch(nickname);
}

/**
 * The first free username for a nickname: "Sam", else "Sam 2", "Sam 3", … Usernames are unique
 * whatever their case, and the reserved ones (they are paths of the site) are never given.
 */
export function uniqueUsername(nickname: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((u) => u.toLowerCase()));
  for (const r of RESERVED_USERNAMES) used.add(r);
  if (!used.has(nickname.toLowerCase())) return nickname;
  for (let n = 2; ; n++) {
    const candidate = `${nickname} ${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
