// The Debian package that scripts/release.sh built (`tauri build --bundles deb`) and moved
// into the signed repository: it installs the app binary, a desktop entry and the bundled
// sample course, and never the writer model, which is its own package
// (lantern-model-writer, checked when the release has it).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const repo = process.env.LANTERN_TEST_REPO ?? join(root, "target", "test-repo");
const debDir = join(repo, "pool", "main", "l", "lantern");

function newestDeb() {
  const debs = readdirSync(debDir).filter((f) => f.endsWith(".deb"));
  assert.ok(debs.length > 0, `no .deb in ${debDir}: run scripts/release.sh`);
  return join(debDir, debs.sort().at(-1));
}

let appContents;
/** `dpkg-deb --contents` of the app's package (read once: it unpacks hundreds of MB). */
function contents() {
  appContents ??= execFileSync("dpkg-deb", ["--contents", newestDeb()], { encoding: "utf8", maxBuffer: 1 << 26 });
  return appContents;
}

const writerDir = join(repo, "pool", "main", "l", "lantern-model-writer");
const writerDebs = existsSync(writerDir) ? readdirSync(writerDir).filter((f) => f.endsWith(".deb")).sort() : [];
const writerDeb = writerDebs.length > 0 ? join(writerDir, writerDebs.at(-1)) : null;
const writer = JSON.parse(readFileSync(join(root, "models", "manifest.json"), "utf8")).models.find((m) => m.writer);

describe("Debian package", () => {
  it("is a valid package named lantern for amd64", () => {
    const info = execFileSync("dpkg-deb", ["--field", newestDeb(), "Package", "Architecture", "Depends"], {
      encoding: "utf8",
    });
    assert.match(info, /Package: lantern/);
    assert.match(info, /Architecture: amd64/);
    assert.match(info, /libwebkit2gtk-4\.1-0/);
  });

  it("installs on this system: apt resolves its dependencies", () => {
    const plan = execFileSync("apt-get", ["--simulate", "install", newestDeb()], { encoding: "utf8" });
    assert.match(plan, /^Inst lantern /m);
  });

  it("installs the binary, a desktop entry and the sample course", () => {
    const files = contents();
    assert.match(files, / \.?\/?usr\/bin\/lantern-app\n/);
    assert.match(files, / \.?\/?usr\/share\/applications\/Lantern\.desktop\n/);
    assert.match(files, /courses\/grade10-algebra\/course\.json\n/);
    assert.match(files, /courses\/grade10-algebra\/pdf\/ALG-05-factorising-framework\.pdf\n/);
  });

  it("installs the polkit action under which an administrator authorises the update installer", () => {
    const files = contents();
    assert.match(files, / \.?\/?usr\/share\/polkit-1\/actions\/org\.lantern\.studydesk\.update\.policy\n/);
    const extracted = execFileSync("sh", ["-c", `dpkg-deb --fsys-tarfile "${newestDeb()}" | tar -xO usr/share/polkit-1/actions/org.lantern.studydesk.update.policy`], { encoding: "utf8" });
    assert.match(extracted, /<annotate key="org.freedesktop.policykit.exec.path">\/usr\/bin\/lantern-app<\/annotate>/);
    assert.match(extracted, /<allow_active>auth_admin<\/allow_active>/);
  });

  it("leaves the writer model out: it ships as its own package", () => {
    assert.ok(writer, "models/manifest.json names a writer model");
    assert.doesNotMatch(contents(), new RegExp(writer.files[0].path.replace(/\./g, "\\.")));
  });
});

describe("writer model package (lantern-model-writer)", {
  skip: !writerDeb && "the release has no lantern-model-writer: models/pack lacks the writer (python3 models/fetch.py qwen2.5-coder-1.5b-instruct), so scripts/test.sh built it with --no-writer",
}, () => {
  it("is an Architecture: all package versioned by the model, that needs Lantern but no one version of it", () => {
    const field = (name) => execFileSync("dpkg-deb", ["--field", writerDeb, name], { encoding: "utf8" }).trim();
    assert.equal(field("Package"), "lantern-model-writer");
    assert.equal(field("Architecture"), "all");
    assert.match(field("Version"), new RegExp(`^${writer.files[0].parts[0].version.replace(/\./g, "\\.")}-\\d+$`));
    assert.match(field("Depends"), /^lantern \(>= [^)]+\)$/);
    assert.match(field("Description"), new RegExp(`^ SHA-256: ${writer.files[0].sha256}$`, "m"));
  });

  it("holds the writer's GGUF alone, in the folder where the app's package puts its pack", () => {
    const files = execFileSync("dpkg-deb", ["--contents", writerDeb], { encoding: "utf8" })
      .split("\n").filter((l) => l.startsWith("-")).map((l) => l.split(/\s+/));
    const paths = files.map((f) => f.at(-1).replace(/^\.\//, ""));
    const pack = contents().match(/ \.?\/?(\S+\/)SmolLM2-135M-Instruct\.Q4_1\.gguf\n/)?.[1];
    assert.ok(pack, "the app's package holds the pack");
    assert.deepEqual(paths, [`${pack}${writer.files[0].path}`, "usr/share/doc/lantern-model-writer/copyright"]);
    assert.equal(Number(files[0][2]), writer.files[0].size);
  });
});
