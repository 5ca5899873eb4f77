// The modules workspace in headless Chromium against the scripted backend (mocked IPC):
// a module opened and worked by keyboard only (a quick reply, the form, a free message),
// the progress bar and its milestone markers, KaTeX in a block, no overflow at 1440×900
// and 1024×700, and no remote request.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT, openMockedUi, overflow } from "./harness.mjs";

describe("Modules in Chromium (mocked IPC)", () => {
  let ui;
  let page;
  let errors = [];

  before(async () => {
    ui = await openMockedUi({ width: 1440, height: 900 });
    ({ page, errors } = ui);
    await page.getByRole("button", { name: "Modules", exact: true }).click();
    await page.getByRole("button", { name: /Calm before exams/ }).click();
    await page.getByRole("heading", { name: "Your body" }).waitFor();
  });

  after(async () => {
    await ui?.close();
  });

  it("shows the section with its picture, form, formula and quick replies without overflow", async () => {
    assert.ok(await page.getByRole("form", { name: "Check-in" }).isVisible());
    const picture = page.getByRole("img", { name: "A curve of stress and performance" });
    assert.ok(await picture.evaluate((img) => img.complete && img.naturalWidth > 0), "the picture is shown");
    assert.ok(await page.locator(".module-reply .katex").first().isVisible());
    assert.equal(await page.locator(".module-progress [role=progressbar]").getAttribute("aria-valuenow"), "0");
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "modules-1440.png") });
  });

  it("answers the form by keyboard only", async () => {
    await page.getByLabel("Hours of sleep").focus();
    await page.keyboard.type("6");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Send my answers" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Thank you for filling in the check-in.").waitFor();
    assert.equal(await page.locator(".module-progress [role=progressbar]").getAttribute("aria-valuenow"), "50");
    assert.equal(await page.locator(".module-progress .marker.reached").count(), 2);
  });

  it("sends a free message with Enter and moves on with a quick reply", async () => {
    await page.getByLabel(/Write anything/).focus();
    await page.keyboard.type("breathing helps me");
    await page.keyboard.press("Enter");
    await page.locator(".module-progress [role=progressbar][aria-valuenow='75']").waitFor();
    await page.getByRole("button", { name: "Continue: Your plan" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Your plan" }).waitFor();
    assert.equal(await page.locator(".module-reply .chips").count(), 1);
  });

  it("fits at 1024×700", async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "modules-1024.png") });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("had no page error, console error or remote request", () => {
    assert.deepEqual(errors, []);
  });
});
