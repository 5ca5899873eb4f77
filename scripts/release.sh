#!/usr/bin/env bash
# Builds Lantern's signed release for schools, in one folder to copy to a USB stick or
# a file share (see docs/packaging.md):
#   - the .deb with the model pack inside (src-tauri/tauri.offline-pack.conf.json);
#   - the writer model (the manifest's model with "writer": true, about 1.1 GB) as its own
#     package, lantern-model-writer, which a school installs only if it wants it;
#   - a signed apt repository (pool/, dists/lantern/ with Release, InRelease, Release.gpg)
#     and its public keyring, so `apt install lantern` works with no internet;
#   - a signed update (updates/latest.json in Tauri's updater format and the package's
#     `tauri signer` signature) that installed copies accept only from this key.
#
# Keys are never in the repository. They come from a folder (--keys DIR or
# $LANTERN_RELEASE_KEYS) holding:
#   archive-signing.asc   the GPG secret key that signs the repository (armored)
#   updates.key           the minisign secret key that signs updates (`tauri signer`)
#   updates.key.pub       its public key, compiled into the app
# Passphrases, when the keys have them: $LANTERN_ARCHIVE_KEY_PASSPHRASE and
# $TAURI_SIGNING_PRIVATE_KEY_PASSWORD. --generate-keys creates the folder first (a
# throwaway pair for testing, or a school's pair when the passphrases are set).
#
# --with-dependencies also puts the package's whole dependency closure (WebKitGTK, GTK
# and what they need, from this machine's apt sources) in the pool, for laptops that do
# not have them; build on the distribution release the laptops run.
#
# The writer's package installs its GGUF into the app's pack folder (/usr/lib/Lantern/models),
# where Lantern finds it. It is versioned by the model, not the app, and one already in
# --out's pool is kept: a new app release (apt or the signed update, which carries only
# the app) never makes a laptop download it again. --no-writer leaves it out (the test
# suite does when models/pack lacks it); --no-pack does too, since the writer is found
# only beside the bundled pack.
#
# usage: bash scripts/release.sh --keys DIR [--generate-keys] [--out DIR] [--debug]
#          [--no-pack] [--no-writer] [--with-dependencies] [--deb FILE]
#          [--update-location LOCATION] [--notes TEXT] [--key-name "Name <email>"]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

keys=${LANTERN_RELEASE_KEYS:-}
out=target/lantern-repo
profile=release
pack=yes
writer=yes
dependencies=no
deb=""
generate=no
location=""
notes=""
key_name="Lantern release signing (throwaway) <release@lantern.invalid>"
suite=lantern

usage() { sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --keys) keys=${2:?--keys needs a folder}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --debug) profile=debug; shift ;;
    --no-pack) pack=no; shift ;;
    --no-writer) writer=no; shift ;;
    --with-dependencies) dependencies=yes; shift ;;
    --deb) deb=${2:?--deb needs a file}; shift 2 ;;
    --generate-keys) generate=yes; shift ;;
    --update-location) location=${2:?--update-location needs a folder or address}; shift 2 ;;
    --notes) notes=${2:?--notes needs a text}; shift 2 ;;
    --key-name) key_name=${2:?--key-name needs "Name <email>"}; shift 2 ;;
    -h|--help) usage 0 ;;
    *) printf 'unknown option: %s\n\n' "$1" >&2; usage 2 ;;
  esac
done
[ -n "$keys" ] || die "no keys: pass --keys DIR (or set LANTERN_RELEASE_KEYS); --generate-keys creates them"
tauri="$root/node_modules/.bin/tauri"
# From a fresh checkout, the setup script (idempotent) installs what the build needs.
for tool in gpg gpgv apt-ftparchive python3 cargo "$tauri"; do
  if ! command -v "$tool" >/dev/null; then
    say "$tool is missing: running scripts/setup.sh"
    bash scripts/setup.sh
    break
  fi
done
for tool in gpg gpgv apt-ftparchive python3 cargo "$tauri"; do
  command -v "$tool" >/dev/null || die "$tool is still missing after scripts/setup.sh"
done

# Every gpg call uses a private, temporary keyring: the user's own is never touched.
GNUPGHOME=$(mktemp -d)
export GNUPGHOME
trap 'gpgconf --kill all >/dev/null 2>&1 || true; rm -rf "$GNUPGHOME"' EXIT
# Passphrases reach gpg and the Tauri signer through a file descriptor or the environment,
# never as command-line arguments (which any user can read in /proc while they run).
gpg_batch() {
  gpg --batch --yes --quiet --pinentry-mode loopback --passphrase-fd 3 "$@" \
    3< <(printf '%s' "${LANTERN_ARCHIVE_KEY_PASSPHRASE:-}")
}

generate_keys() {
  [ -e "$keys/archive-signing.asc" ] || [ -e "$keys/updates.key" ] && die "$keys already holds keys; refusing to overwrite them"
  mkdir -p "$keys"
  chmod 700 "$keys"
  say "generating keys in $keys ($key_name)"
  gpg_batch --quick-generate-key "$key_name" ed25519 sign 2y
  local fpr
  fpr=$(gpg --list-secret-keys --with-colons | awk -F: '/^fpr/ {print $10; exit}')
  gpg_batch --armor --export-secret-keys "$fpr" > "$keys/archive-signing.asc"
  if [ -z "${TAURI_SIGNING_PRIVATE_KEY_PASSWORD:-}" ]; then
    CI=true "$tauri" signer generate --ci -w "$keys/updates.key" >/dev/null
  else
    # `signer generate` takes a password only as an argument or at its prompt: answer the
    # prompt through a pseudo-terminal (util-linux `script`), the password on its stdin.
    printf '%s\n%s\n' "$TAURI_SIGNING_PRIVATE_KEY_PASSWORD" "$TAURI_SIGNING_PRIVATE_KEY_PASSWORD" |
      script -qec "$(printf '%q ' "$tauri" signer generate -w "$keys/updates.key")" /dev/null >/dev/null
  fi
  chmod 600 "$keys/archive-signing.asc" "$keys/updates.key"
}

[ "$generate" = yes ] && generate_keys
for file in archive-signing.asc updates.key updates.key.pub; do
  [ -f "$keys/$file" ] || die "$keys/$file is missing"
done
gpg_batch --import "$keys/archive-signing.asc"
fingerprint=$(gpg --list-secret-keys --with-colons | awk -F: '/^fpr/ {print $10; exit}')
[ -n "$fingerprint" ] || die "$keys/archive-signing.asc holds no secret key"
pubkey=$(tr -d '\n' < "$keys/updates.key.pub")
version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' src-tauri/tauri.conf.json)

# The build's config: the update key (and location) Lantern reads from plugins.updater,
# plus the model pack as a resource. Written compact with sorted keys, the form the
# Tauri CLI passes to the build, so tests exporting the same TAURI_CONFIG rebuild nothing.
config="$root/target/release-config/lantern.$profile.conf.json"
mkdir -p "$(dirname "$config")"
python3 - "$config" "$pubkey" "$location" "$pack" <<'PY'
import json, sys
path, pubkey, location, pack = sys.argv[1:]
config = {"plugins": {"updater": {"pubkey": pubkey, "location": location}}}
if pack == "yes":
    bundle = json.load(open("src-tauri/tauri.offline-pack.conf.json"))["bundle"]
    # The app's package carries the default pack and nothing else: every file of a default
    # model, and none of a model that ships as its own package (the writer).
    prefix = "../models/pack/"
    sources = [s[len(prefix):] for s in bundle["resources"] if s.startswith(prefix)]
    covered = lambda p: any(p == s or (s.endswith("/") and p.startswith(s)) or s == "" for s in sources)
    for model in json.load(open("models/manifest.json"))["models"]:
        for file in model["files"]:
            if bool(model.get("default")) != covered(file["path"]):
                sys.exit(f"error: src-tauri/tauri.offline-pack.conf.json {'leaves out' if model.get('default') else 'bundles'} "
                         f"{file['path']} ({model['name']}); the app's package holds exactly the default models' files")
    config["bundle"] = bundle
open(path, "w").write(json.dumps(config, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
PY

built=no
if [ -z "$deb" ]; then
  if [ "$pack" = yes ]; then
    say "model pack"
    python3 models/fetch.py
  fi
  say "building the $profile .deb ($( [ "$pack" = yes ] && echo 'with' || echo 'without' ) the model pack)"
  build_flags=(--bundles deb --config "$config" --ci)
  [ "$profile" = debug ] && build_flags+=(--debug)
  npm run --silent tauri -- build "${build_flags[@]}"
  deb="target/$profile/bundle/deb/Lantern_${version}_amd64.deb"
  built=yes
  # What the build leaves beside the package and nothing reads again: the package's
  # staging folder and the copy of the pack next to the binary (a checkout's app reads
  # models/pack). Together about twice the package's size on disk.
  rm -rf "target/$profile/bundle/deb/Lantern_${version}_amd64" "target/$profile/models"
fi
[ -f "$deb" ] || die "no package at $deb"
package=$(dpkg-deb --field "$deb" Package)
deb_version=$(dpkg-deb --field "$deb" Version)
arch=$(dpkg-deb --field "$deb" Architecture)
name="${package}_${deb_version}_${arch}.deb"

say "apt repository in $out"
pool="pool/main/${package:0:1}/$package"
mkdir -p "$out/$pool" "$out/dists/$suite/main/binary-$arch" "$out/updates"
# The package this script built moves into the repository (no second copy of hundreds
# of MB); one given with --deb is copied.
if [ "$built" = yes ]; then
  mv "$deb" "$out/$pool/$name.partial"
else
  cp "$deb" "$out/$pool/$name.partial"
fi
mv "$out/$pool/$name.partial" "$out/$pool/$name"
deb="$out/$pool/$name"

# The writer model as its own package, lantern-model-writer (Architecture: all: the same
# GGUF for every machine). Its version is the model's — the version of the registry
# packages the file is assembled from, plus writer_revision, bumped when this package's
# layout changes — so it stays the same from one app release to the next. It depends on
# a Lantern whose compiled manifest knows the model (this one or newer), never on one
# exact version, so an app update leaves it installed. Uncompressed (-Znone): a Q4_K_M
# GGUF shrinks by 2 % at best (zstd -1), and any dpkg, Debian 11's too, reads it.
writer_revision=1
if [ "$writer" = yes ] && [ "$pack" = no ]; then
  say "no writer package: with --no-pack the app looks for models outside its own folder"
  writer=no
fi
if [ "$writer" = yes ]; then
  IFS=$'\t' read -r writer_model writer_file writer_sha writer_upstream < <(python3 - <<'PY'
import json, sys
writers = [m for m in json.load(open("models/manifest.json"))["models"] if m.get("writer")]
if len(writers) != 1 or len(writers[0]["files"]) != 1:
    sys.exit("error: models/manifest.json must name exactly one writer model, of one file")
model = writers[0]
file = model["files"][0]
versions = {p["version"] for p in file["parts"]}
if len(versions) != 1:
    sys.exit(f"error: {model['name']}'s parts have several versions ({', '.join(sorted(versions))}): give its package one")
print(model["name"], file["path"], file["sha256"], versions.pop(), sep="\t")
PY
  )
  [ -n "${writer_upstream:-}" ] || die "models/manifest.json has no usable writer model"
  writer_package=lantern-model-writer
  writer_version="$writer_upstream-$writer_revision"
  writer_pool="pool/main/${writer_package:0:1}/$writer_package"
  writer_name="${writer_package}_${writer_version}_all.deb"
  # Where the app's package puts its pack: Tauri's resource folder, /usr/lib/<productName>.
  models_dir="usr/lib/$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["productName"])' src-tauri/tauri.conf.json)/models"
  mkdir -p "$out/$writer_pool"
  if [ -f "$out/$writer_pool/$writer_name" ]; then
    dpkg-deb --field "$out/$writer_pool/$writer_name" Description | grep -qx " SHA-256: $writer_sha" \
      || die "$out/$writer_pool/$writer_name holds another model than $writer_sha: bump writer_revision in $0"
    say "writer package $writer_name: kept from the pool (laptops that have it download nothing)"
  else
    say "writer package $writer_name ($writer_model)"
    python3 models/fetch.py --dest "$root/models/pack" "$writer_model"
    stage="$root/target/release-writer/$writer_package"
    rm -rf "$stage"
    mkdir -p "$stage/DEBIAN" "$stage/$models_dir" "$stage/usr/share/doc/$writer_package"
    # A hard link (no copy of 1.1 GB) when the file is already as the package wants it.
    source="$root/models/pack/$writer_file"
    if [ "$(stat -c %a "$source")" != 644 ] || ! ln "$source" "$stage/$models_dir/$writer_file" 2>/dev/null; then
      cp "$source" "$stage/$models_dir/$writer_file"
      chmod 644 "$stage/$models_dir/$writer_file"
    fi
    python3 - "$writer_model" "$models_dir/$writer_file" > "$stage/usr/share/doc/$writer_package/copyright" <<'PY'
import json, sys
name, path = sys.argv[1:]
model = next(m for m in json.load(open("models/manifest.json"))["models"] if m["name"] == name)
file = model["files"][0]
print(f"Files: /{path}")
print(f"Model: {name}. {model['description']}")
print(f"Licence: {model['licence']}")
print(f"Size: {file['size']} bytes; SHA-256: {file['sha256']} (pinned in Lantern's models/manifest.json)")
print("On Debian systems the Apache License 2.0 is in /usr/share/common-licenses/Apache-2.0.")
PY
    writer_size=$(stat -c %s "$source")
    cat > "$stage/DEBIAN/control" <<CONTROL
Package: $writer_package
Version: $writer_version
Architecture: all
Maintainer: $(dpkg-deb --field "$deb" Maintainer)
Installed-Size: $(du -s --apparent-size --block-size=1K "$stage/usr" | cut -f1)
Depends: $package (>= $deb_version)
Section: education
Priority: optional
Description: writer model for Lantern, the offline study desk
 The model Lantern writes with ($writer_model), a GGUF of
 $(( writer_size / 1000000 )) MB installed into /$models_dir beside the app's model pack,
 where Lantern finds it and lists it on its Models page.
 .
 File: $writer_file
 Size: $writer_size bytes
 SHA-256: $writer_sha
CONTROL
    dpkg-deb --root-owner-group -Znone --build "$stage" "$out/$writer_pool/$writer_name.partial" >/dev/null
    mv "$out/$writer_pool/$writer_name.partial" "$out/$writer_pool/$writer_name"
    rm -rf "$stage"
  fi
fi
if [ "$dependencies" = yes ]; then
  # Every package the .deb needs, recursively, as this machine's apt sources have them;
  # apt on a laptop installs only those it lacks.
  mapfile -t wanted < <(dpkg-deb --field "$deb" Depends | tr ',|' '\n\n' | sed 's/(.*)//; s/[[:space:]]//g' | grep .)
  mapfile -t closure < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
    --no-breaks --no-replaces --no-enhances "${wanted[@]}" | grep -v '^[[:space:]<]' | sort -u)
  say "dependencies: ${#closure[@]} packages into pool/main/deps"
  mkdir -p "$out/pool/main/deps"
  (cd "$out/pool/main/deps" && apt-get download -q "${closure[@]}" >/dev/null)
fi
(
  cd "$out"
  apt-ftparchive packages pool > "dists/$suite/main/binary-$arch/Packages"
  gzip -9nf --keep "dists/$suite/main/binary-$arch/Packages"
  apt-ftparchive \
    -o APT::FTPArchive::Release::Origin=Lantern -o APT::FTPArchive::Release::Label=Lantern \
    -o APT::FTPArchive::Release::Suite=$suite -o APT::FTPArchive::Release::Codename=$suite \
    -o APT::FTPArchive::Release::Architectures="$arch" -o APT::FTPArchive::Release::Components=main \
    -o APT::FTPArchive::Release::Description="Lantern, the offline study desk" \
    release "dists/$suite" > "dists/$suite/Release.new"
  mv "dists/$suite/Release.new" "dists/$suite/Release"
)
gpg_batch --local-user "$fingerprint" --clearsign -o "$out/dists/$suite/InRelease" "$out/dists/$suite/Release"
gpg_batch --local-user "$fingerprint" --armor --detach-sign -o "$out/dists/$suite/Release.gpg" "$out/dists/$suite/Release"
gpg --batch --export "$fingerprint" > "$out/lantern-archive-keyring.gpg"
gpg --batch --armor --export "$fingerprint" > "$out/lantern-archive-keyring.asc"
gpgv --quiet --keyring "$out/lantern-archive-keyring.gpg" "$out/dists/$suite/InRelease" 2>/dev/null \
  || die "the signed Release does not verify with the exported keyring"

say "signed update in $out/updates"
# `signer sign` reads the password from TAURI_SIGNING_PRIVATE_KEY_PASSWORD.
export TAURI_SIGNING_PRIVATE_KEY_PASSWORD=${TAURI_SIGNING_PRIVATE_KEY_PASSWORD:-}
"$tauri" signer sign -f "$keys/updates.key" "$out/$pool/$name" >/dev/null
mv "$out/$pool/$name.sig" "$out/updates/$name.sig"
cp "$keys/updates.key.pub" "$out/lantern-updates.pub"
# The description carries the package's size, and is signed too (latest.json.sig): the
# version Lantern compares and the size it copies are the school's, not the folder's.
python3 - "$out/updates/latest.json.new" "$deb_version" "$notes" "../$pool/$name" "$out/updates/$name.sig" "$(stat -c %s "$deb")" <<'PY'
import datetime, json, sys
path, version, notes, url, sig, size = sys.argv[1:]
manifest = {
    "version": version,
    "notes": notes,
    "pub_date": datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
    "platforms": {"linux-x86_64-deb": {"url": url, "signature": open(sig).read().strip(), "size": int(size)}},
}
open(path, "w").write(json.dumps(manifest, indent=2) + "\n")
PY
"$tauri" signer sign -f "$keys/updates.key" "$out/updates/latest.json.new" >/dev/null
mv "$out/updates/latest.json.new.sig" "$out/updates/latest.json.sig"
mv "$out/updates/latest.json.new" "$out/updates/latest.json"

cp scripts/install-lantern.sh "$out/install-lantern.sh"
(cd "$out" && find . -type f ! -name SHA256SUMS ! -name '*.partial' -printf '%P\n' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)
size=$(du -sh "$out" | cut -f1)
cat <<EOF

Lantern $deb_version: signed repository in $out ($size)
  archive key fingerprint: $fingerprint
  update key:              $(sed -n 1p "$keys/updates.key.pub" 2>/dev/null | base64 -d 2>/dev/null | sed -n 's/.*public key: //p')

Copy $out to a USB stick or a share, then on each laptop (one line, as root):
  sh /media/usb/$(basename "$out")/install-lantern.sh --fingerprint $fingerprint
EOF
if [ "$writer" = yes ]; then
  cat <<EOF
With the writer model ($writer_package $writer_version, $(du -h "$out/$writer_pool/$writer_name" | cut -f1)), on laptops that should have it:
  sh /media/usb/$(basename "$out")/install-lantern.sh --fingerprint $fingerprint --writer
  (or, where Lantern is installed already: apt-get update && apt-get install $writer_package)
EOF
fi
