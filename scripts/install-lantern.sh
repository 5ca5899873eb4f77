#!/bin/sh
# Installs Lantern on this laptop from a signed Lantern repository (made by
# scripts/release.sh and copied next to this script), with no internet:
#   1. checks the repository key's fingerprint when --fingerprint is given;
#   2. installs the key as /usr/share/keyrings/lantern-archive-keyring.gpg;
#   3. adds /etc/apt/sources.list.d/lantern.list, `deb [signed-by=…] URI lantern main`;
#   4. runs `apt-get update` for that source only, then `apt-get install -y lantern`.
# apt then refuses a repository whose Release is unsigned or signed by another key, and
# a package whose bytes differ from the signed index.
#
# usage: sh install-lantern.sh [--fingerprint FPR] [REPOSITORY]
#   REPOSITORY: this script's folder (default), another folder, or http://host/path
set -eu

fingerprint=""
repo=""
while [ $# -gt 0 ]; do
  case "$1" in
    --fingerprint) fingerprint=$(printf '%s' "${2:?--fingerprint needs a value}" | tr -d ' ' | tr a-f A-F); shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) repo=$1; shift ;;
  esac
done
if [ "$(id -u)" -ne 0 ]; then
  echo "error: run as root (sudo sh $0 …)" >&2
  exit 1
fi
[ -n "$repo" ] || repo=$(cd "$(dirname "$0")" && pwd)
case "$repo" in
  http://*|https://*) uri=$repo ;;
  file:*) uri=$repo; repo=${repo#file:}; repo=${repo#//} ;;
  /*) uri="file:$repo" ;;
  *) repo=$(cd "$repo" && pwd); uri="file:$repo" ;;
esac

keyring=/usr/share/keyrings/lantern-archive-keyring.gpg
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
case "$uri" in
  http*)
    if command -v curl >/dev/null; then curl -fsS "$uri/lantern-archive-keyring.gpg" -o "$tmp"
    else wget -q "$uri/lantern-archive-keyring.gpg" -O "$tmp"; fi ;;
  *) cp "$repo/lantern-archive-keyring.gpg" "$tmp" ;;
esac
if [ -n "$fingerprint" ]; then
  command -v gpg >/dev/null || { echo "error: gpg is needed to check the fingerprint" >&2; exit 1; }
  found=$(gpg --batch --with-colons --show-keys "$tmp" 2>/dev/null | awk -F: '/^fpr/ {print $10; exit}')
  if [ "$found" != "$fingerprint" ]; then
    echo "error: the repository key is $found, not $fingerprint; nothing was installed" >&2
    exit 1
  fi
fi
install -m 0644 "$tmp" "$keyring"
echo "deb [signed-by=$keyring] $uri lantern main" > /etc/apt/sources.list.d/lantern.list
apt-get update -q -o Dir::Etc::sourcelist=sources.list.d/lantern.list -o Dir::Etc::sourceparts=- \
  -o APT::Get::List-Cleanup=0
DEBIAN_FRONTEND=noninteractive apt-get install -y -q lantern
echo "Lantern is installed; later updates arrive with: apt-get update && apt-get install lantern"
