// End-to-end: the real Lantern binary in a real WebKitGTK window, driven over WebDriver.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT, freshHome, launch } from "./driver.mjs";

describe("Lantern window", () => {
  let app;
  before(async () => {
    app = await launch(freshHome());
  });
  after(async () => {
    await app?.stop();
  });

  it("opens with the Lantern title and the five workspaces", async () => {
    const { browser } = app;
    assert.equal(await browser.getTitle(), "Lantern");
    const nav = await browser.$("nav[aria-label='Workspaces']");
    await nav.waitForExist({ timeout: 20000 });
    const labels = await nav.$$("button").map((b) => b.getText());
    assert.deepEqual(labels, ["Coach", "Tutor", "Reports", "Expenses", "Modules"]);
  });

  it("navigates between workspaces", async () => {
    const { browser } = app;
    await browser.$("button=Reports").click();
    assert.equal(await browser.$("main h2").getText(), "Reports");
  });

  it("shows the profile read from SQLite and the model pack", async () => {
    const { browser } = app;
    const status = await browser.$("footer.status-bar");
    await browser.waitUntil(async () => (await status.getText()).includes("Profile: Student"), {
      timeout: 20000,
      timeoutMsg: "status bar never showed the profile",
    });
    assert.match(await status.getText(), /smollm2-135m-instruct \(model pack found\)/);
    await browser.saveScreenshot(join(OUTPUT, "window.png"));
  });
});
