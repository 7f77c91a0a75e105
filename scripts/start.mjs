// `npm start`: builds what is missing or out of date, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach(walk);
  return max;
}

function ensureBuilt(label, output, sources, command) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (builtAt && builtAt >= newest(sources)) return;
  console.log(`Building the ${label}…`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}

const shared = at('packages/shared/src');
const messages = at('packages/messages');
ensureBuilt(
  'web app',
  at('apps/web/dist/index.html'),
  [at('apps/web/src'), at('apps/web/public'), at('apps/web/index.html'), shared, messages],
  'npm run build --workspace apps/web',
);
ensureBuilt(
  'server',
  at('apps/server/dist/main.js'),
  [at('apps/server/src'), shared, messages],
  'npm run build --workspace apps/server',
);

await import(at('apps/server/dist/main.js'));
