// End-to-end: the real Lantern binary in a real WebKitGTK window, driven over WebDriver.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { AFTER_LAUNCH, freshHome, launch, openSettings, OUTPUT, searchSampleCourse, statusMatching } from "./driver.mjs";

describe("Lantern window", () => {
  const home = freshHome();
  let app;
  before(async () => {
    app = await launch(home);
  });
  after(async () => {
    await app?.stop();
  });

  it("opens with the Lantern title, the five workspaces, Models and Settings", async () => {
    const { browser } = app;
    assert.equal(await browser.getTitle(), "Lantern");
    const nav = await browser.$("nav[aria-label='Workspaces']");
    await nav.waitForExist({ timeout: 20000 });
    const labels = await nav.$$("ul button").map((b) => b.getText());
    assert.deepEqual(labels, ["Coach", "Tutor", "Reports", "Expenses", "Modules", "Models", "Settings"]);
  });

  it("navigates between workspaces", async () => {
    const { browser } = app;
    await browser.$("button=Reports").click();
    assert.equal(await browser.$("main h2").getText(), "Reports");
  });

  it("reaches a ready model with the real default model", async () => {
    const { browser } = app;
    const text = await statusMatching(browser, /Model: SmolLM2-135M-Instruct\.Q4_1\.gguf ready/);
    assert.match(text, /Profile: Student/);
    await browser.saveScreenshot(join(OUTPUT, "window.png"));
  });

  it("imports the sample course on first run and searches it", async () => {
    const { browser } = app;
    assert.match(await searchSampleCourse(browser, "how do I factorise a trinomial"), /ALG-05/);
    await browser.saveScreenshot(join(OUTPUT, "courses.png"));
  });

  it("keeps settings across a restart", async () => {
    const { browser } = app;
    await openSettings(browser);
    await browser.$("form.settings select").selectByAttribute("value", "es");
    const selects = await browser.$$("form.settings select");
    await selects[1].selectByAttribute("value", "dark");
    await browser.$("button=Save").click();
    await browser.$("p=Ajustes guardados.").waitForExist({ timeout: 10000 });
    await app.stop();

    app = await launch(home);
    const again = app.browser;
    const nav = await again.$("nav");
    await nav.waitForExist({ timeout: AFTER_LAUNCH });
    await again.waitUntil(async () => (await again.$("button=Entrenador").isExisting()), {
      timeout: AFTER_LAUNCH,
      timeoutMsg: "the interface did not come back in Spanish",
    });
    await openSettings(again, "Ajustes");
    const values = await again.$$("form.settings select").map((s) => s.getValue());
    assert.deepEqual(values, ["es", "dark"]);
    assert.equal(await again.execute(() => document.documentElement.dataset.theme), "dark");
    await again.saveScreenshot(join(OUTPUT, "settings-es-dark.png"));
  });
});
