#!/usr/bin/env bash
# Installs what is missing, then runs Lantern with `tauri dev` on the default model.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export OMP_WAIT_POLICY=PASSIVE
exec npm run tauri dev -- "$@"
