export function nodeFlags(words: readonly string[]): string[];
export function serverNodeFlags(manifestPath: string, script?: string): string[];
