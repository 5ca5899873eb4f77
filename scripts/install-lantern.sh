#!/bin/sh
# Installs Lantern on this laptop from a signed Lantern repository (made by
# scripts/release.sh and copied next to this script), with no internet:
#   1. reads the repository's keyring and requires that it holds exactly one primary key,
#      whose fingerprint is the one given with --fingerprint (required);
#   2. installs only that key (re-exported by gpg) as /usr/share/keyrings/lantern-archive-keyring.gpg;
#   3. adds /etc/apt/sources.list.d/lantern.list, `deb [signed-by=…] URI lantern main`;
#   4. runs `apt-get update` for that source only, then `apt-get install -y lantern`
#      (and lantern-model-writer, the 1.1 GB writer model, with --writer).
# apt then refuses a repository whose Release is unsigned or signed by another key, and
# a package whose bytes differ from the signed index. Every check runs before anything
# on the laptop changes.
#
# usage: sh install-lantern.sh --fingerprint FPR [--writer] [REPOSITORY]
#   FPR: the 40-hex-digit fingerprint of the school's archive key (spaces allowed), given
#        to the person installing by another way than the repository itself (docs/packaging.md)
#   --writer: also install the writer model's package (lantern-model-writer)
#   REPOSITORY: this script's folder (default), another folder, or http://host/path
set -eu

fail() { echo "error: $*; nothing was installed" >&2; exit 1; }

fingerprint=""
repo=""
packages=lantern
while [ $# -gt 0 ]; do
  case "$1" in
    --fingerprint) fingerprint=$(printf '%s' "${2:-}" | tr -d ' ' | tr a-f A-F); shift $(( $# > 1 ? 2 : 1 )) ;;
    --writer) packages="lantern lantern-model-writer"; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) repo=$1; shift ;;
  esac
done
[ -n "$fingerprint" ] || fail "--fingerprint FPR is required: the school's archive key fingerprint (docs/packaging.md)"
printf '%s' "$fingerprint" | grep -Eq '^[0-9A-F]{40}$' || fail "--fingerprint must be 40 hexadecimal digits"
command -v gpg >/dev/null || fail "gpg is needed to check the repository key"

[ -n "$repo" ] || repo=$(cd "$(dirname "$0")" && pwd)
case "$repo" in
  http://*|https://*) uri=$repo ;;
  file:*) uri=$repo; repo=${repo#file:}; repo=${repo#//} ;;
  /*) uri="file:$repo" ;;
  *) repo=$(cd "$repo" && pwd); uri="file:$repo" ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# gpg works in a private, temporary home: the caller's keyrings are never read or changed.
export GNUPGHOME="$work/gnupg"
mkdir -m 0700 "$GNUPGHOME"
downloaded="$work/downloaded.gpg"
case "$uri" in
  http*)
    if command -v curl >/dev/null; then curl -fsS --max-filesize 1048576 "$uri/lantern-archive-keyring.gpg" -o "$downloaded"
    else wget -q "$uri/lantern-archive-keyring.gpg" -O "$downloaded"; fi ;;
  *) [ -f "$repo/lantern-archive-keyring.gpg" ] || fail "$repo has no lantern-archive-keyring.gpg"
     cp "$repo/lantern-archive-keyring.gpg" "$downloaded" ;;
esac
[ "$(wc -c < "$downloaded")" -le 1048576 ] || fail "the repository keyring is larger than 1 MB"

# Every primary key in the file and its fingerprint (the `fpr` line right after `pub`).
primaries=$(gpg --batch --with-colons --show-keys "$downloaded" 2>/dev/null |
  awk -F: '/^pub/ {want=1; next} /^fpr/ && want {print $10; want=0} /^(sub|uid)/ {want=0}')
count=$(printf '%s\n' "$primaries" | grep -c . || true)
[ "$count" -eq 1 ] || fail "the repository keyring holds $count primary keys, not exactly one"
[ "$primaries" = "$fingerprint" ] || fail "the repository key is $primaries, not $fingerprint"

# Only that key, as gpg re-exports it after import (no other key, no invalid packets).
gpg --batch --quiet --import "$downloaded" 2>/dev/null || fail "gpg cannot read the repository keyring"
gpg --batch --export "$fingerprint" > "$work/key.gpg"
[ -s "$work/key.gpg" ] || fail "gpg did not export the key $fingerprint"

if [ "$(id -u)" -ne 0 ]; then
  fail "run as root (sudo sh $0 --fingerprint $fingerprint …)"
fi
keyring=/usr/share/keyrings/lantern-archive-keyring.gpg
install -m 0644 "$work/key.gpg" "$keyring"
echo "deb [signed-by=$keyring] $uri lantern main" > /etc/apt/sources.list.d/lantern.list
if ! apt-get update -q -o Dir::Etc::sourcelist=sources.list.d/lantern.list -o Dir::Etc::sourceparts=- \
  -o APT::Get::List-Cleanup=0; then
  rm -f /etc/apt/sources.list.d/lantern.list "$keyring"
  fail "apt could not read the repository at $uri"
fi
# $packages is one or two fixed words, split on purpose.
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages
echo "Installed: $packages; later updates arrive with: apt-get update && apt-get upgrade"
