// The signed release scripts/release.sh made with throwaway keys (target/test-repo):
// apt installs Lantern with its model pack from it into a fresh root with no network, and refuses a
// package with one flipped byte, an unsigned repository and one signed by another key;
// the signed update verifies with the update key and is refused with any other. When the
// release holds the writer model's package (built only where models/pack has the writer),
// apt installs it from the same repository, Lantern lists it, and an app update keeps it.
import { describe, it, before, afterEach } from "node:test";
import assert from "node:assert/strict";
import { spawnSync, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { join, relative } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const repo = process.env.LANTERN_TEST_REPO ?? join(root, "target", "test-repo");
const keys = join(root, "target", "test-keys");
const cli = join(root, "target", "debug", "lantern");
const tauri = join(root, "node_modules", ".bin", "tauri");
const isRoot = process.getuid?.() === 0;
const scratch = [];

function tempDir(name) {
  const dir = fs.mkdtempSync(join(tmpdir(), `lantern-${name}-`));
  scratch.push(dir);
  return dir;
}

function run(program, args, options = {}) {
  const result = spawnSync(program, args, { encoding: "utf8", maxBuffer: 1 << 26, ...options });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

let debSha256;
/** The sha256 of the repository's package (read once: it can be hundreds of MB). */
function repoDebSha256() {
  debSha256 ??= createHash("sha256").update(fs.readFileSync(poolDeb(repo))).digest("hex");
  return debSha256;
}

function poolDeb(dir) {
  const pool = join(dir, "pool", "main", "l", "lantern");
  return join(pool, fs.readdirSync(pool).filter((f) => f.endsWith(".deb")).sort().at(-1));
}

/** The writer model's package in `dir`'s pool, if the release has one. */
function writerDeb(dir = repo) {
  const pool = join(dir, "pool", "main", "l", "lantern-model-writer");
  const debs = fs.existsSync(pool) ? fs.readdirSync(pool).filter((f) => f.endsWith(".deb")).sort() : [];
  return debs.length > 0 ? join(pool, debs.at(-1)) : null;
}
const noWriter = !writerDeb() && "the release has no lantern-model-writer: models/pack lacks the writer (python3 models/fetch.py qwen2.5-coder-1.5b-instruct), so scripts/test.sh built it with --no-writer";
/** The writer model as models/manifest.json pins it. */
function writerPin() {
  const model = JSON.parse(fs.readFileSync(join(root, "models", "manifest.json"), "utf8")).models.find((m) => m.writer);
  return { name: model.name, ...model.files[0] };
}

/** A copy of the repository's metadata; the pool is linked unless `copyPool` (the
 * writer's 1.1 GB package is never copied: the tests that copy the pool install the app). */
function copyRepo({ copyPool = false } = {}) {
  const dir = tempDir("repo");
  const writerPool = join(repo, "pool", "main", "l", "lantern-model-writer");
  fs.cpSync(repo, dir, { recursive: true, filter: (src) => (copyPool ? !src.startsWith(writerPool) : !src.startsWith(join(repo, "pool"))) });
  if (!copyPool) fs.symlinkSync(join(repo, "pool"), join(dir, "pool"));
  return dir;
}

/** A fresh apt/dpkg root whose installed packages are this machine's (so Lantern's
 * dependencies are present), or those `keep` accepts, and whose only source is `dir`,
 * trusted by `keyring`. */
function aptRoot(dir, keyring = join(repo, "lantern-archive-keyring.gpg"), keep = () => true) {
  const target = tempDir("root");
  for (const sub of ["etc/apt/apt.conf.d", "etc/apt/preferences.d", "etc/apt/sources.list.d", "var/lib/apt/lists/partial",
    "var/cache/apt/archives/partial", "var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers", "var/log/apt"]) {
    fs.mkdirSync(join(target, sub), { recursive: true });
  }
  const status = fs.readFileSync("/var/lib/dpkg/status", "utf8").split("\n\n").filter((s) => !/^Package: lantern$/m.test(s) && keep(s));
  fs.writeFileSync(join(target, "var/lib/dpkg/status"), `${status.map((st) => st.trim()).filter(Boolean).join("\n\n")}\n`);
  fs.writeFileSync(join(target, "var/lib/dpkg/available"), "");
  fs.writeFileSync(join(target, "etc/apt/sources.list"), `deb [signed-by=${keyring}] file:${dir} lantern main\n`);
  fs.writeFileSync(join(target, "etc/apt/apt.conf"), [
    `Dir "${target}/";`, `Dir::State::status "${target}/var/lib/dpkg/status";`, `Dir::Log "${target}/var/log/apt";`,
    `Debug::NoLocking "true";`, `APT::Sandbox::User "root";`,
    `DPkg::Options { "--root=${target}"; "--log=${target}/var/log/dpkg.log"; };`, "",
  ].join("\n"));
  const apt = (...args) => run("apt-get", ["-q", ...args], { env: { ...process.env, APT_CONFIG: join(target, "etc/apt/apt.conf"), DEBIAN_FRONTEND: "noninteractive" } });
  return { target, apt };
}

/** A filter keeping this machine's required and important packages and what they
 * depend on: a minimal Debian system, consistent for apt. */
function minimalSystem() {
  const stanzas = new Map();
  for (const stanza of fs.readFileSync("/var/lib/dpkg/status", "utf8").split("\n\n")) {
    const name = stanza.match(/^Package: (.+)$/m)?.[1];
    if (name && /^Status: install ok installed$/m.test(stanza)) stanzas.set(name, stanza);
  }
  const field = (stanza, key) => stanza.match(new RegExp(`^${key}: (.+)$`, "m"))?.[1] ?? "";
  const providers = new Map();
  for (const [name, stanza] of stanzas) {
    for (const virtual of field(stanza, "Provides").split(",").map((p) => p.trim().split(/[ (]/)[0]).filter(Boolean)) {
      if (!providers.has(virtual)) providers.set(virtual, name);
    }
  }
  const keep = new Set();
  const queue = [...stanzas].filter(([, st]) => /^Priority: (required|important)$/m.test(st) || /^Essential: yes$/m.test(st)).map(([n]) => n);
  while (queue.length > 0) {
    const name = queue.pop();
    if (keep.has(name)) continue;
    keep.add(name);
    const stanza = stanzas.get(name);
    for (const group of `${field(stanza, "Pre-Depends")},${field(stanza, "Depends")}`.split(",")) {
      const choices = group.split("|").map((c) => c.trim().split(/[ (:]/)[0]).filter(Boolean);
      const found = choices.map((c) => (stanzas.has(c) ? c : providers.get(c))).find(Boolean);
      if (found) queue.push(found);
    }
  }
  return (stanza) => keep.has(stanza.match(/^Package: (.+)$/m)?.[1]);
}

function installed(target, name = "lantern") {
  const status = fs.readFileSync(join(target, "var/lib/dpkg/status"), "utf8");
  return status.split("\n\n").find((s) => s.match(/^Package: (.+)$/m)?.[1] === name) ?? "";
}

/** A stand-in for a newer Lantern package, as an update brings it (a few bytes, built here). */
function newerApp(version) {
  const dir = tempDir("newer");
  fs.mkdirSync(join(dir, "pkg", "DEBIAN"), { recursive: true });
  fs.mkdirSync(join(dir, "pkg", "usr", "share", "doc", "lantern"), { recursive: true });
  fs.writeFileSync(join(dir, "pkg", "usr", "share", "doc", "lantern", "changelog"), `lantern ${version}\n`);
  fs.writeFileSync(join(dir, "pkg", "DEBIAN", "control"),
    `Package: lantern\nVersion: ${version}\nArchitecture: amd64\nMaintainer: Lantern tests <t@lantern.invalid>\nDescription: a newer Lantern (test stand-in)\n`);
  const deb = join(dir, `lantern_${version}_amd64.deb`);
  execFileSync("dpkg-deb", ["--root-owner-group", "--build", join(dir, "pkg"), deb], { stdio: "ignore" });
  return deb;
}

function newUpdateKey() {
  const dir = tempDir("key");
  execFileSync(tauri, ["signer", "generate", "--ci", "-w", join(dir, "other.key"), "-p", ""], { env: { ...process.env, CI: "true" }, stdio: "ignore" });
  return join(dir, "other.key.pub");
}

function checkUpdate(from, key) {
  const data = tempDir("data");
  return run(cli, ["--data-dir", data, "update", "check", "--from", from, "--key", key, "--current", "0.0.1", "--json"]);
}

describe("signed release (scripts/release.sh, throwaway keys)", () => {
  before(() => assert.ok(fs.existsSync(join(repo, "dists", "lantern", "InRelease")), `no signed repository in ${repo}: run scripts/release.sh`));
  // Each test's roots and copies go when it ends: a root with Lantern installed, a copied
  // pool and a checked update each take about the package's size (hundreds of MB).
  afterEach(() => scratch.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it("signs the Release with the archive key, and the index names the package by its sha256", () => {
    const keyring = join(repo, "lantern-archive-keyring.gpg");
    for (const args of [[join(repo, "dists/lantern/InRelease")], [join(repo, "dists/lantern/Release.gpg"), join(repo, "dists/lantern/Release")]]) {
      const verified = run("gpgv", ["--keyring", keyring, ...args]);
      assert.equal(verified.status, 0, verified.out);
    }
    const packages = fs.readFileSync(join(repo, "dists/lantern/main/binary-amd64/Packages"), "utf8");
    assert.match(packages, /^Package: lantern$/m);
    assert.match(packages, new RegExp(`^SHA256: ${repoDebSha256()}$`, "m"));
    const sums = run("sha256sum", ["--check", "--quiet", "SHA256SUMS"], { cwd: repo });
    assert.equal(sums.status, 0, sums.out);
  });

  it("installs Lantern with apt from the folder into a fresh root, with no network", { skip: !isRoot && "needs root for dpkg --root" }, () => {
    const { target, apt } = aptRoot(repo);
    const update = apt("update");
    assert.equal(update.status, 0, update.out);
    const install = apt("install", "-y", "lantern");
    assert.equal(install.status, 0, install.out);
    assert.match(installed(target), /^Status: install ok installed$/m);
    assert.ok(fs.statSync(join(target, "usr/bin/lantern-app")).size > 1_000_000);
    assert.ok(fs.existsSync(join(target, "usr/share/applications/Lantern.desktop")));
    assert.ok(fs.existsSync(join(target, "usr/lib/Lantern/courses/grade10-algebra/course.json")));
    // The model pack is inside: the smallest model of each role, as the app looks for it.
    for (const file of ["SmolLM2-135M-Instruct.Q4_1.gguf", "all-minilm-l6-v2-int8", "multilingual-e5-small", "onnxruntime"]) {
      assert.ok(fs.existsSync(join(target, "usr/lib/Lantern/models", file)), `${file} missing from the installed pack`);
    }
    const verify = run("dpkg", [`--root=${target}`, "--verify", "lantern"]);
    assert.equal(verify.status, 0, verify.out);
  });

  it("offers only the app's package as the signed update: the writer model is never part of it", () => {
    const platforms = Object.values(JSON.parse(fs.readFileSync(join(repo, "updates", "latest.json"), "utf8")).platforms);
    assert.equal(platforms.length, 1);
    assert.match(platforms[0].url, /^\.\.\/pool\/main\/l\/lantern\/lantern_[^/]+_amd64\.deb$/);
    assert.equal(platforms[0].size, fs.statSync(poolDeb(repo)).size);
  });

  it("installs the writer model from the signed repository: apt brings Lantern with it, the GGUF lands with its pinned sha256 in the app's pack folder, Lantern lists it, and an app update keeps it",
    { skip: (!isRoot && "needs root for dpkg --root") || noWriter }, () => {
      const pin = writerPin();
      const packages = fs.readFileSync(join(repo, "dists/lantern/main/binary-amd64/Packages"), "utf8");
      const stanza = packages.split("\n\n").find((s) => /^Package: lantern-model-writer$/m.test(s));
      assert.ok(stanza, "the signed index lists lantern-model-writer");
      assert.match(stanza, /^Architecture: all$/m);
      assert.match(stanza, /^Depends: lantern \(>= [^)]+\)$/m);
      const debSha = execFileSync("sha256sum", [writerDeb()], { encoding: "utf8" }).split(" ")[0];
      assert.match(stanza, new RegExp(`^SHA256: ${debSha}$`, "m"));

      const { target, apt } = aptRoot(repo);
      assert.equal(apt("update").status, 0);
      const install = apt("install", "-y", "lantern-model-writer");
      assert.equal(install.status, 0, install.out);
      assert.match(installed(target), /^Status: install ok installed$/m, "Lantern comes with it (Depends)");
      assert.match(installed(target, "lantern-model-writer"), /^Status: install ok installed$/m);
      const pack = join(target, "usr/lib/Lantern/models");
      const file = join(pack, pin.path);
      assert.equal(fs.statSync(file).size, pin.size);
      assert.equal(execFileSync("sha256sum", [file], { encoding: "utf8" }).split(" ")[0], pin.sha256);
      // Beside the app's own pack: the folder the app reads as its resources' models/.
      assert.ok(fs.existsSync(join(pack, "SmolLM2-135M-Instruct.Q4_1.gguf")));
      const verify = run("dpkg", [`--root=${target}`, "--verify", "lantern-model-writer"]);
      assert.equal(verify.status, 0, verify.out);
      assert.equal(verify.out.trim(), "", "dpkg finds every installed file as packaged");

      // The app's model list, with that folder as the pack (the app finds it there as
      // its resource folder's models/; the CLI is pointed at it).
      const list = run(cli, ["--data-dir", tempDir("data"), "--model-dir", pack, "models", "list", "--json"]);
      assert.equal(list.status, 0, list.out);
      const entry = JSON.parse(list.out).models.find((m) => m.key === `pack:${pin.name}`);
      assert.ok(entry, `lantern models list shows pack:${pin.name}`);
      assert.equal(entry.present, true);
      assert.equal(entry.path, file);

      // An update installs only the app's package (the command the update installer runs,
      // `apt-get install --no-install-recommends PACKAGE`): the writer stays, unread.
      const before = fs.statSync(file);
      const version = execFileSync("dpkg-deb", ["--field", poolDeb(repo), "Version"], { encoding: "utf8" }).trim();
      const update = apt("install", "-y", "--no-install-recommends", newerApp(`${version}+update1`));
      assert.equal(update.status, 0, update.out);
      assert.doesNotMatch(update.out, /lantern-model-writer/);
      assert.match(installed(target), new RegExp(`^Version: ${version.replace(/[.+]/g, "\\$&")}\\+update1$`, "m"));
      assert.match(installed(target, "lantern-model-writer"), /^Status: install ok installed$/m);
      const after = fs.statSync(file);
      assert.deepEqual([after.ino, after.size, after.mtimeMs], [before.ino, before.size, before.mtimeMs]);
    });

  const withDependencies = fs.existsSync(join(repo, "pool", "main", "deps"));
  // Dependencies have maintainer scripts, which need a real system to run in: here apt
  // resolves, fetches and checks everything from the folder alone, without unpacking.
  it("with --with-dependencies, a minimal system (required and important packages only) gets everything from the folder alone",
    { skip: (!isRoot && "needs root for dpkg --root") || (!withDependencies && "the repository was built without --with-dependencies") }, () => {
      const { target, apt } = aptRoot(repo, undefined, minimalSystem());
      assert.equal(apt("update").status, 0);
      const fetch = apt("install", "-y", "--no-install-recommends", "--download-only", "lantern");
      assert.equal(fetch.status, 0, fetch.out);
      // file: sources are read in place (each checked against its signed sha256).
      for (const name of ["lantern", "libwebkit2gtk-4.1-0", "libgtk-3-0"]) {
        assert.match(fetch.out, new RegExp(`^Get:\\d+ file:\\S+ lantern/main amd64 ${name.replace(/\./g, "\\.")} `, "m"));
      }
      assert.match(fetch.out, /Download complete and in download only mode/);
    });

  it("refuses a package with one flipped byte (hash mismatch) and installs nothing", { skip: !isRoot && "needs root for dpkg --root" }, () => {
    const dir = copyRepo({ copyPool: true });
    const deb = poolDeb(dir);
    const fd = fs.openSync(deb, "r+");
    const middle = Math.floor(fs.statSync(deb).size / 2);
    const byte = Buffer.alloc(1);
    fs.readSync(fd, byte, 0, 1, middle);
    byte[0] ^= 0x01;
    fs.writeSync(fd, byte, 0, 1, middle);
    fs.closeSync(fd);
    const { target, apt } = aptRoot(dir);
    assert.equal(apt("update").status, 0);
    const install = apt("install", "-y", "lantern");
    assert.notEqual(install.status, 0);
    assert.match(install.out, /Hash Sum mismatch/);
    assert.equal(installed(target), "");
    assert.ok(!fs.existsSync(join(target, "usr/bin/lantern-app")));
  });

  it("refuses an unsigned repository", { skip: !isRoot && "needs root for dpkg --root" }, () => {
    const dir = copyRepo();
    fs.rmSync(join(dir, "dists/lantern/InRelease"));
    fs.rmSync(join(dir, "dists/lantern/Release.gpg"));
    const { target, apt } = aptRoot(dir);
    const update = apt("update");
    assert.notEqual(update.status, 0);
    assert.match(update.out, /is not signed/);
    const install = apt("install", "-y", "lantern");
    assert.notEqual(install.status, 0);
    assert.equal(installed(target), "");
  });

  it("refuses a repository signed by another key", { skip: !isRoot && "needs root for dpkg --root" }, () => {
    const dir = copyRepo();
    const gnupg = tempDir("gnupg");
    const gpg = (...args) => execFileSync("gpg", ["--homedir", gnupg, "--batch", "--yes", "--quiet", "--pinentry-mode", "loopback", "--passphrase", "", ...args], { stdio: "pipe" });
    gpg("--quick-generate-key", "Someone else <else@lantern.invalid>", "ed25519", "sign", "1d");
    gpg("--clearsign", "-o", join(dir, "dists/lantern/InRelease"), join(dir, "dists/lantern/Release"));
    gpg("--armor", "--detach-sign", "-o", join(dir, "dists/lantern/Release.gpg"), join(dir, "dists/lantern/Release"));
    const { target, apt } = aptRoot(dir);
    const update = apt("update");
    assert.notEqual(update.status, 0);
    assert.match(update.out, /NO_PUBKEY|not signed|invalid/);
    assert.notEqual(apt("install", "-y", "lantern").status, 0);
    assert.equal(installed(target), "");
  });

  it("offers the signed update verified with the update key, and refuses it with another key", () => {
    const ok = checkUpdate(repo, join(keys, "updates.key.pub"));
    assert.equal(ok.status, 0, ok.out);
    const offer = JSON.parse(ok.out);
    assert.equal(offer.status, "available");
    assert.equal(offer.notes, "Built by the test suite");
    assert.equal(offer.sha256, repoDebSha256());
    const wrong = checkUpdate(repo, newUpdateKey());
    assert.equal(wrong.status, 1);
    assert.match(wrong.out, /error\[update_signature_invalid\]/);
  });

  it("refuses an update whose package changed after signing", () => {
    // The description still names the package by path; what is there now differs.
    const dir = copyRepo();
    fs.rmSync(join(dir, "pool"));
    const deb = join(dir, relative(repo, poolDeb(repo)));
    fs.mkdirSync(join(deb, ".."), { recursive: true });
    const head = Buffer.alloc(1 << 20);
    const fd = fs.openSync(poolDeb(repo), "r");
    fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    fs.writeFileSync(deb, head);
    const changed = checkUpdate(dir, join(keys, "updates.key.pub"));
    assert.equal(changed.status, 1);
    assert.match(changed.out, /error\[update_signature_invalid\]/);
  });

  it("install-lantern.sh stops before changing anything when the key's fingerprint is not the expected one", () => {
    const result = run("sh", [join(repo, "install-lantern.sh"), "--fingerprint", "0000 1111 2222 3333 4444 5555 6666 7777 8888 9999", repo]);
    if (!isRoot) {
      assert.match(result.out, /run as root/);
      return;
    }
    assert.equal(result.status, 1);
    assert.match(result.out, /not 0000111122223333444455556666777788889999; nothing was installed/);
    assert.ok(!fs.existsSync("/etc/apt/sources.list.d/lantern.list") || !fs.readFileSync("/etc/apt/sources.list.d/lantern.list", "utf8").includes(repo));
  });
});
