#!/usr/bin/env bash
# The container image's build steps, in one place: the Dockerfile's build stage runs this script after
# `npm ci`, and a test (packages/server/test/container-build.test.ts) runs it for real, since no
# container engine runs in CI. It builds every package (`npm run build`) and assembles in OUT_DIR a
# runnable server folder holding only what the runtime needs:
#   OUT_DIR/package.json                      the `gatehouse` bin and `"type": "module"`
#   OUT_DIR/packages/server/{bin,dist,package.json}
#   OUT_DIR/packages/{web-sdk,hosted-ui,dashboard}/dist  the browser bundles the server serves
#   OUT_DIR/node_modules/                      the server's production dependencies, as installed
# Start it with `node OUT_DIR/packages/server/dist/main.js start` (`--no-demo` in production).
# Usage: scripts/container-build.sh OUT_DIR [--no-build]
set -euo pipefail
out=${1:?usage: scripts/container-build.sh OUT_DIR [--no-build]}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if [ "${2:-}" != "--no-build" ]; then
  npm run build --silent
fi
for f in packages/server/dist/main.js packages/web-sdk/dist/websdk.js packages/hosted-ui/dist/fields.js packages/dashboard/dist/dashboard.js; do
  [ -f "$f" ] || { echo "container-build: $f is missing: the build did not run" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/packages/server" "$out/packages/web-sdk" "$out/packages/hosted-ui" "$out/packages/dashboard" "$out/node_modules"
out=$(cd "$out" && pwd)

cp -R packages/server/bin packages/server/dist packages/server/package.json "$out/packages/server/"
rm -f "$out/packages/server/dist/.tsbuildinfo"
find "$out/packages/server/dist" -name '*.map' -delete
cp -R packages/web-sdk/dist "$out/packages/web-sdk/"
cp -R packages/hosted-ui/dist "$out/packages/hosted-ui/"
cp -R packages/dashboard/dist "$out/packages/dashboard/"

# The server's production dependencies, each copied from where npm installed it (so a native module
# such as better-sqlite3 keeps the binary built by `npm ci` for this platform); dev dependencies and
# the other workspaces stay behind.
npm ls --omit=dev --all --parseable --workspace @gatehouse/server 2>/dev/null |
  sed "s#^$root/##" |
  grep '^node_modules/' |
  grep -v '^node_modules/@gatehouse/' |
  sort -u |
  while read -r dep; do
    mkdir -p "$out/$(dirname "$dep")"
    cp -R "$dep" "$out/$dep"
  done
[ -d "$out/node_modules/fastify" ] || { echo "container-build: the production dependencies were not found" >&2; exit 1; }

version=$(node -p "require('./package.json').version")
cat >"$out/package.json" <<JSON
{
  "name": "gatehouse",
  "version": "$version",
  "private": true,
  "type": "module",
  "bin": { "gatehouse": "packages/server/bin/gatehouse.js" }
}
JSON
echo "container-build: runnable server folder in $out"
