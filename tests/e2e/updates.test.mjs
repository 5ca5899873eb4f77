// End-to-end: Settings → Updates in the real window. The app under test was built by
// scripts/release.sh with the throwaway update key in target/test-keys. An update
// folder whose package is signed with another key is refused; a public address is
// refused; a correctly signed newer package is verified and shown with what would be
// installed, and this development copy (not installed from the package) says it
// cannot install it itself.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OUTPUT, ROOT, freshHome, launch, openSettings } from "./driver.mjs";

const KEYS = join(ROOT, "target", "test-keys");
const TAURI = join(ROOT, "node_modules", ".bin", "tauri");

/** The key id minisign prints for a `.pub` file written by `tauri signer generate`. */
function keyId(pubFile) {
  const text = Buffer.from(readFileSync(pubFile, "utf8").trim(), "base64").toString("utf8");
  return text.match(/public key: ([0-9A-F]{16})/)[1];
}

/** An update folder offering version 9.9.9: a package signed with `secretKey`. */
function updateFolder(secretKey) {
  const dir = mkdtempSync(join(tmpdir(), "lantern-update-"));
  mkdirSync(join(dir, "updates"));
  const deb = join(dir, "updates", "lantern_9.9.9_amd64.deb");
  writeFileSync(deb, Buffer.from("not really a package, but signed like one\n".repeat(1000)));
  execFileSync(TAURI, ["signer", "sign", "-f", secretKey, deb], {
    env: { ...process.env, TAURI_SIGNING_PRIVATE_KEY_PASSWORD: "" },
    stdio: "ignore",
  });
  const manifest = {
    version: "9.9.9",
    notes: "Faster tutor.\nNew course.",
    pub_date: "2026-11-25T10:00:00Z",
    platforms: {
      "linux-x86_64-deb": { url: "lantern_9.9.9_amd64.deb", signature: readFileSync(`${deb}.sig`, "utf8"), size: statSync(deb).size },
    },
  };
  const description = join(dir, "updates", "latest.json");
  writeFileSync(description, JSON.stringify(manifest));
  // The description is signed with the same key, as scripts/release.sh signs it.
  execFileSync(TAURI, ["signer", "sign", "-f", secretKey, description], {
    env: { ...process.env, TAURI_SIGNING_PRIVATE_KEY_PASSWORD: "" },
    stdio: "ignore",
  });
  return dir;
}

async function section(browser) {
  const updates = await browser.$("section.updates");
  await updates.$("p*=Updates must be signed with key").waitForExist({ timeout: 15000 });
  return updates;
}

async function checkFrom(browser, location) {
  const updates = await section(browser);
  const input = await updates.$("input");
  await input.clearValue();
  await input.setValue(location);
  await updates.$("button=Check for updates").click();
}

describe("Updates", () => {
  const home = freshHome();
  const stranger = mkdtempSync(join(tmpdir(), "lantern-stranger-"));
  let app;
  let signed;
  let forged;
  before(async () => {
    execFileSync(TAURI, ["signer", "generate", "--ci", "-w", join(stranger, "other.key"), "-p", ""], {
      env: { ...process.env, CI: "true" },
      stdio: "ignore",
    });
    signed = updateFolder(join(KEYS, "updates.key"));
    forged = updateFolder(join(stranger, "other.key"));
    app = await launch(home);
    await openSettings(app.browser);
  });
  after(async () => {
    await app?.stop();
    for (const dir of [stranger, signed, forged]) rmSync(dir, { recursive: true, force: true });
  });

  it("shows the version and the key this build trusts", async () => {
    const updates = await section(app.browser);
    const text = await updates.getText();
    assert.match(text, /This is Lantern 0\.1\.0\./);
    assert.ok(text.includes(`Updates must be signed with key ${keyId(join(KEYS, "updates.key.pub"))}.`), text);
  });

  it("refuses a package signed with another key, and shows nothing to install", async () => {
    const { browser } = app;
    await checkFrom(browser, forged);
    const alert = await browser.$("section.updates [role=alert]");
    await alert.waitForExist({ timeout: 30000 });
    assert.match(await alert.getText(), /not signed with this build's key/);
    assert.equal(await (await browser.$("section.updates")).$("button=Install").isExisting(), false);
  });

  it("refuses an address outside the local network", async () => {
    const { browser } = app;
    await checkFrom(browser, "http://8.8.8.8/lantern-repo");
    const alert = await browser.$("section.updates [role=alert]");
    await browser.waitUntil(async () => /outside this laptop and the school network/.test(await alert.getText().catch(() => "")), {
      timeout: 15000,
      timeoutMsg: "no refusal of a public address",
    });
  });

  it("verifies a correctly signed newer package and shows what would be installed", async () => {
    const { browser } = app;
    await checkFrom(browser, signed);
    const updates = await section(browser);
    await updates.$("h4*=Lantern 9.9.9 is available (you have 0.1.0)").waitForExist({ timeout: 30000 });
    const text = await updates.getText();
    assert.ok(text.includes(`Signature verified with key ${keyId(join(KEYS, "updates.key.pub"))}`), text);
    assert.match(text, /Faster tutor\./);
    assert.match(text, /lantern_9\.9\.9_amd64\.deb/);
    // A development copy is not the installed package: it says so and leaves it to apt.
    const install = await updates.$("button=Install");
    assert.equal(await install.isEnabled(), false);
    assert.match(text, /not installed from a package/);
    assert.equal(await updates.$("input").getValue(), signed);
    await updates.$("article.update-offer").scrollIntoView();
    await browser.pause(1000);
    await browser.saveScreenshot(join(OUTPUT, "updates-available.png"));
  });
});
