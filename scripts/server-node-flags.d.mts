export function serverNodeFlags(manifestPath: string, script?: string): string[];
