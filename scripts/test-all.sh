#!/usr/bin/env bash
# npm test: on a fresh machine, install what the tests need and run every test.
#   Chromium, qpdf, tmux (apt) if missing -> npm ci if node_modules is missing -> lint (eslint.config.mjs: the floors,
#   no cycles) beside typecheck -> build ->
#   vitest (unit + integration against the built server) -> vitest serial (tests that restart shared
#   services) -> Playwright (browser, built server).
# Ends with one line "N passed, N failed" (vitest + Playwright tests; a failed step counts as one
# failure) and exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
REPORTS=test-results
mkdir -p "$REPORTS"
rm -f "$REPORTS/vitest.json" "$REPORTS/vitest-serial.json" "$REPORTS/playwright.json"
failed_steps=()

# each step says when it starts (seconds since npm test began), so a slow CI run shows where its time went
step() { echo; echo "==> $* (at ${SECONDS} s)"; }

# Debian packages the tests use: Chromium (Playwright), qpdf (an independent PDF encryptor that
# makes the encrypted fixtures of lib/pdf/crypto/standard-security.test.ts) and tmux (the terminal
# that test/cli/ui.test.ts drives `pdfscan ui` in)
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]} (apt)"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if ! { $sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"; }; then
    failed_steps+=("apt-install")
  fi
fi

if [ ! -d node_modules ]; then
  step "npm ci"
  # Fallback as in bin/start.mjs: npm ci rejects a lock that lacks other platforms' optional
  # packages (npm/cli#4828); npm install --no-save installs the same locked versions.
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund --no-save \
    || { echo "installing dependencies failed"; echo "0 passed, 1 failed"; exit 1; }
fi

# lint (ESLint's type-aware rules: ~90 s on one core) runs beside typecheck and build (~70 s, tsc on
# one core and Next's build on both): ~50 s less than one after the other on this 2-core machine.
# Its output is printed when it ends, not interleaved with theirs.
step "lint (in the background, beside typecheck and build)"
lint_log=$(mktemp)
npm run lint > "$lint_log" 2>&1 &
lint_pid=$!

step "typecheck"
npm run typecheck || failed_steps+=("typecheck")

step "build"
build_ok=1
npm run build || build_ok=0

step "lint (its output)"
lint_rc=0
wait "$lint_pid" || lint_rc=$?
cat "$lint_log"
rm -f "$lint_log"
[ "$lint_rc" -eq 0 ] || failed_steps+=("lint")

if [ "$build_ok" -ne 1 ]; then
  failed_steps+=("build")
  echo "build failed: tests need the built app, not running them"
  echo "0 passed, ${#failed_steps[@]} failed"
  exit 1
fi

step "vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json"
vitest_rc=$?

# tests that restart services the others share (Redis): alone, after the parallel run
step "vitest (serial: the soak slice)"
npx vitest run --config vitest.serial.config.ts --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-serial.json"
serial_rc=$?

step "playwright"
npx playwright test
playwright_rc=$?

echo
echo "(npm test took ${SECONDS} s)"
node scripts/test-summary.mjs "$REPORTS/vitest.json" "$vitest_rc" "$REPORTS/vitest-serial.json" "$serial_rc" "$REPORTS/playwright.json" "$playwright_rc" "${failed_steps[@]}"
