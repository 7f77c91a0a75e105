// The flags the product's server runs `node` with. Their one home is package.json's `start:prod`
// (`node <flags> apps/server/dist/main.js`). `npm start` and the image's CMD carry the same (the
// deploy lint checks both), and the runtime smoke test and bench:ws start the server with them, so
// what they measure is what ships. Why each flag is there: docs/decisions.md, Performance.
import { readFileSync } from 'node:fs';

/** The `--` flags of a command given as its words (`['node', '--flag', 'main.js']`). */
export const nodeFlags = (words) => words.filter((word) => word.startsWith('--'));

/** The `--` flags of a script (`start:prod` unless named) in the package.json at `manifestPath`. */
export function serverNodeFlags(manifestPath, script = 'start:prod') {
  const { scripts } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return nodeFlags(scripts[script].split(/\s+/));
}
