#!/usr/bin/env bash
# Assembles what the container image runs, in OUT (default: .runtime): the server bundle
# (apps/server/dist), its migrations, the built web app (apps/web/dist) and the server's production
# dependencies, nothing else. The Dockerfile runs this very script, and so does CI's runtime smoke
# test, so what CI starts is what the image holds. Run `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.runtime}"

for built in apps/server/dist/main.js apps/web/dist/index.html; do
  [ -f "$built" ] || { echo "runtime-tree: $built is missing: run npm run build first" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/packages/messages" "$out/packages/shared" "$out/apps/server" "$out/apps/web"
# The workspace manifests and the lock file: npm installs exactly the locked versions.
cp package.json package-lock.json "$out/"
for w in packages/messages packages/shared apps/server apps/web; do cp "$w/package.json" "$out/$w/"; done
cp -R apps/server/dist apps/server/drizzle "$out/apps/server/"
cp -R apps/web/dist "$out/apps/web/"

# Only the server's dependencies, without devDependencies (the web app's libraries are bundled
# into apps/web/dist and are devDependencies).
(cd "$out" && npm ci --omit=dev --workspace apps/server --no-audit --no-fund --loglevel=error)

echo "runtime-tree: $out holds $(du -sh "$out" | cut -f1) ($(du -sh "$out/node_modules" | cut -f1) of node_modules)"
