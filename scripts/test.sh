#!/usr/bin/env bash
# Installs what is missing, then runs every check and test: formatting, lints, type
# checks, Rust unit and integration tests (real model, SQLite, LanceDB), UI tests, and
# end-to-end tests of the built app in a real window under Xvfb. Fails on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

export OMP_WAIT_POLICY=PASSIVE
export CARGO_TERM_COLOR=never
# A CI run builds everything once on a fresh clone: incremental caches (about 4 GB) would
# only cost disk and time there.
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi
started=$(date +%s)
# Each step's header says how many seconds the checks have taken so far (setup not counted).
step() { printf '\n\033[1m==> %s\033[0m  [%d s]\n' "$*" "$(( $(date +%s) - started ))"; }

step "format (cargo fmt --check)"
cargo fmt --all -- --check

step "types (tsc --noEmit)"
npm run --silent typecheck

step "import circles between modules (scripts/import-circles.py, and its own tests)"
python3 -m unittest -q scripts/test_import_circles.py
python3 scripts/import-circles.py

logs=target/test-logs
mkdir -p "$logs"

step "Rust lints and tests (clippy -D warnings on every target; unit + integration: real model, SQLite, LanceDB)"
# Clippy lints the workspace while the tests build: cargo runs clippy-driver (what
# `cargo clippy --workspace --all-targets -- -D warnings` runs) in place of rustc for the
# workspace's own crates only, so the dependencies are compiled once, for the tests,
# instead of a second time in check mode (8–11 minutes of a cold run here). The workspace
# has no benches, so the test build covers every target clippy's --all-targets would.
# CLIPPY_ARGS is how cargo-clippy hands its `-- ARGS` to the driver.
clippy_driver=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver) \
  || { echo "clippy-driver is missing: rustup component add clippy" >&2; exit 1; }
RUSTC_WORKSPACE_WRAPPER="$clippy_driver" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
  cargo test --workspace --locked 2>&1 | tee "$logs/rust.log"
# CI's disk is shared: the test executables (about 6 GB; the few that link LanceDB are
# 500 MB each) are not used again, and the release build below links a 550 MB app.
# Only extension-less files go (proc macros are .so files and stay).
if [ "${CI:-}" = true ]; then find target/debug/deps -maxdepth 1 -type f -executable ! -name '*.*' -delete; fi

step "adversarial suite (crafted inputs against the install script; the Rust adversarial tests ran with the Rust tests)"
node --test tests/adversarial/ 2>&1 | tee "$logs/adversarial.log"

step "UI tests (vitest)"
npm run --silent test:ui 2>&1 | tee "$logs/ui.log"

step "UI in headless Chromium against mocked IPC (playwright-core)"
npm run --silent test:browser 2>&1 | tee "$logs/browser.log"

step "signed release with throwaway keys (the .deb, a signed apt repository, a signed update)"
# The keys are made once and kept in target/, so the app's config (which carries the
# update key) stays the same from run to run and the app is not rebuilt for it.
test_keys=target/test-keys
generate=()
[ -f "$test_keys/updates.key" ] || generate=(--generate-keys)
# The writer model (1.1 GB) is never downloaded for the tests: its package is built, and
# its e2e tests run, only where models/pack already holds it (CI has the small models only).
writer=()
writer_model=$(python3 -c 'import json; print(next(m["name"] for m in json.load(open("models/manifest.json"))["models"] if m.get("writer")))')
if ! python3 models/fetch.py --dest models/pack --check "$writer_model" >/dev/null; then
  echo "no writer model in models/pack: the release is built without lantern-model-writer (--no-writer)"
  writer=(--no-writer)
fi
rm -rf target/test-repo
bash scripts/release.sh --keys "$test_keys" "${generate[@]}" "${writer[@]}" --debug --out target/test-repo \
  --notes "Built by the test suite"

step "end-to-end tests (built app, its .deb and the signed repository; the app in a real window under Xvfb)"
npm run --silent test:e2e 2>&1 | tee "$logs/e2e.log"

step "summary"
rust=$(awk '/^test result:/ {p+=$4; f+=$6} END {print p+0, f+0}' "$logs/rust.log")
ui=$(sed -E 's/\x1b\[[0-9;]*m//g' "$logs/ui.log" | awk '/^ +Tests +[0-9]+ passed/ {print $2, 0}')
ui=${ui:-"0 0"}
node_tap() { awk '/^# pass/ {p=$3} /^# fail/ {f=$3} END {print p+0, f+0}' "$1"; }
browser=$(node_tap "$logs/browser.log")
e2e=$(node_tap "$logs/e2e.log")
adversarial=$(node_tap "$logs/adversarial.log")
printf 'rust:    %s passed, %s failed\nadvers.: %s passed, %s failed\nui:      %s passed, %s failed\nbrowser: %s passed, %s failed\ne2e:     %s passed, %s failed\n' $rust $adversarial $ui $browser $e2e
read -r passed failed < <(printf '%s\n%s\n%s\n%s\n%s\n' "$rust" "$adversarial" "$ui" "$browser" "$e2e" | awk '{p+=$1; f+=$2} END {print p, f}')
echo "total: $passed passed, $failed failed"
