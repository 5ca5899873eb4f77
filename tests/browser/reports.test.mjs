// The report editor in headless Chromium against the scripted backend (mocked IPC): a
// report imported, a change asked in the chat and reviewed by keyboard only, a delete
// confirmed, undo, the history, no overflow at 1024×700 and 1440×900, and no
// remote request (a report's images never load from the network).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT, openMockedUi, overflow as overflowing } from "./harness.mjs";

/** What sticks out, scrolling areas aside. */
const overflow = (page) => overflowing(page, ".markdown table");


describe("Report editor in Chromium (mocked IPC)", () => {
  let ui;
  let page;
  let errors = [];

  before(async () => {
    ui = await openMockedUi({ width: 1440, height: 900 });
    ({ page, errors } = ui);
    await page.getByRole("button", { name: "Reports" }).click();
  });

  after(async () => {
    await ui?.close();
  });

  it("imports a report and shows it numbered with its table and placeholder", async () => {
    await page.getByRole("button", { name: "Import report…" }).click();
    await page.getByRole("region", { name: "2.1 Gutters" }).waitFor();
    assert.ok(await page.getByRole("img", { name: "Image: front" }).isVisible());
    assert.ok(await page.getByRole("table").isVisible());
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "reports-1440.png") });
  });

  it("reviews a chat change by keyboard only", async () => {
    await page.getByLabel("What should change?").focus();
    await page.keyboard.type("rename 2.1 to Downpipes");
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "2.1 Downpipes" }).waitFor();
    const accept = page.getByRole("button", { name: "Accept: rename 2.1 Gutters to “Downpipes”" });
    await accept.focus();
    assert.ok(await accept.evaluate((el) => el.matches(":focus-visible") || document.activeElement === el));
    await page.keyboard.press("Enter");
    await page.getByText("Version 2").waitFor();
  });

  it("confirms a delete before accepting it, and Undo brings it back", async () => {
    await page.getByLabel("What should change?").fill("delete 2");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Accept all" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete sections?" });
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Cancel", "Cancel has the focus first");
    await dialog.getByRole("button", { name: "Delete and accept" }).click();
    await page.getByRole("region", { name: "2.1 Downpipes" }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByRole("region", { name: "2.1 Downpipes" }).waitFor();
  });

  it("lists the versions", async () => {
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Versions" });
    await history.waitFor();
    assert.ok(await history.getByText("changes accepted").first().isVisible());
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });
  });

  it("fits at 1024×700", async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "reports-1024.png") });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("had no page error, console error or remote request", () => {
    assert.deepEqual(errors, []);
  });
});
