// The Debian package that scripts/release.sh built (`tauri build --bundles deb`) and moved
// into the signed repository: it installs the app binary, a desktop entry and the bundled
// sample course.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
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
    const files = execFileSync("dpkg-deb", ["--contents", newestDeb()], { encoding: "utf8", maxBuffer: 1 << 26 });
    assert.match(files, / \.?\/?usr\/bin\/lantern-app\n/);
    assert.match(files, / \.?\/?usr\/share\/applications\/Lantern\.desktop\n/);
    assert.match(files, /courses\/grade10-algebra\/course\.json\n/);
    assert.match(files, /courses\/grade10-algebra\/pdf\/ALG-05-factorising-framework\.pdf\n/);
  });

  it("installs the polkit action under which an administrator authorises the update installer", () => {
    const files = execFileSync("dpkg-deb", ["--contents", newestDeb()], { encoding: "utf8", maxBuffer: 1 << 26 });
    assert.match(files, / \.?\/?usr\/share\/polkit-1\/actions\/org\.lantern\.studydesk\.update\.policy\n/);
    const extracted = execFileSync("sh", ["-c", `dpkg-deb --fsys-tarfile "${newestDeb()}" | tar -xO usr/share/polkit-1/actions/org.lantern.studydesk.update.policy`], { encoding: "utf8" });
    assert.match(extracted, /<annotate key="org.freedesktop.policykit.exec.path">\/usr\/bin\/lantern-app<\/annotate>/);
    assert.match(extracted, /<allow_active>auth_admin<\/allow_active>/);
  });
});
