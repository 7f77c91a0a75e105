import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph } from '../../../scripts/import-layers.mjs';

describe('the shared package', () => {
  // Its modules stand side by side under both apps; none may import itself back through others.
  it('has no circle of imports', () => {
    expect(circles(importGraph(path.resolve(import.meta.dirname)))).toEqual([]);
  });
});
