export function importGraph(root: string): Map<string, string[]>;
export function circles(graph: Map<string, string[]>): string[][];
export function layerBreaches(graph: Map<string, string[]>, layers: readonly (readonly string[])[]): string[];
