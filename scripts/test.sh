#!/usr/bin/env bash
# Installs what is missing, then runs every check and test: formatting, lints, type
# checks, Rust unit and integration tests (real model, SQLite, LanceDB), UI tests, and
# end-to-end tests of the built app in a real window under Xvfb. Fails on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

export OMP_WAIT_POLICY=PASSIVE
export CARGO_TERM_COLOR=never
step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "format (cargo fmt --check)"
cargo fmt --all -- --check

step "types (tsc --noEmit)"
npm run --silent typecheck

step "lints (cargo clippy -D warnings)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "Rust tests"
cargo test --workspace --locked 2>&1 | tee target/rust-tests.log
rust_summary=$(grep -E '^test result:' target/rust-tests.log | awk '{p+=$4; f+=$6; i+=$8} END {print p" passed, "f" failed, "i" ignored"}')

step "UI tests (vitest)"
npm run --silent test:ui

step "end-to-end tests (built app under Xvfb)"
npm run --silent tauri -- build --debug --no-bundle --ci
npm run --silent test:e2e

step "summary"
echo "rust: $rust_summary"
echo "all checks passed"
