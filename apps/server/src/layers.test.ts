import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph, layerBreaches } from '../../../scripts/import-layers.mjs';

/**
 * The server's layers, bottom up (docs/architecture.md, "Layers"): a folder or file imports only those
 * on a layer below its own, never one beside it or above it. A new folder takes its place here.
 */
export const SERVER_LAYERS = [
  ['version.ts', 'password-rules.ts', 'observability', 'i18n'],
  ['config.ts'],
  ['redis.ts', 'db'],
  ['storage'],
  ['http'],
  ['sessions'],
  ['audit', 'categories', 'training', 'uploads', 'content'],
  ['settings', 'branding', 'workshops'],
  ['mail', 'game'],
  ['rooms'],
  ['auth', 'print', 'insights', 'materials', 'trust'],
  ['users', 'scim', 'first-start', 'retention', 'xapi', 'lti'],
  ['orgs', 'dashboard'],
  ['app.ts'],
  ['main.ts'],
];

const graph = importGraph(path.resolve(import.meta.dirname));

describe('the server source', () => {
  it('has no circle of imports', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('imports only downwards, through the layers', () => {
    expect(layerBreaches(graph, SERVER_LAYERS)).toEqual([]);
  });
});
