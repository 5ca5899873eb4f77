// The Class workspace in headless Chromium against the scripted backend (mocked IPC): a
// class profile is created from the profile form and opens on the Class page; a class
// of 30 students × 20 units renders its grid with the page never wider than the window
// (the grid scrolls on its own, the names stay in view) at 1440×900 and 1024×700; no
// remote request.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT, openMockedUi, overflow } from "./harness.mjs";

describe("Class in Chromium (mocked IPC)", () => {
  let ui;
  let page;
  let errors = [];

  before(async () => {
    ui = await openMockedUi({ width: 1440, height: 900 });
    ({ page, errors } = ui);
    const form = page.getByRole("form", { name: "New profile" });
    await form.getByLabel("Name of the new profile").fill("Biology 9B");
    await form.getByLabel("Kind of profile").selectOption("class");
    await form.getByRole("button", { name: "Create" }).click();
    await page.getByRole("heading", { level: 2, name: "Class" }).waitFor();
  });

  after(async () => {
    await ui?.close();
  });

  it("shows 30 students × 20 units without overflow", async () => {
    const grid = page.getByRole("table", { name: "Biology 9" });
    await grid.waitFor();
    assert.equal(await grid.locator("tbody tr").count(), 30);
    assert.equal(await grid.locator("thead th").count(), 1 + 20 + 1);
    assert.deepEqual(await overflow(page, ".class-grid-scroll"), { page: false, outside: [] });
    const scroller = page.locator(".class-grid-scroll");
    const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    assert.ok(widths.scroll > widths.client, "twenty units scroll inside the grid");
    await page.screenshot({ path: join(OUTPUT, "class-1440.png"), fullPage: true });
  });

  it("keeps the names in view while the grid scrolls, at 1024×700", async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    assert.deepEqual(await overflow(page, ".class-grid-scroll"), { page: false, outside: [] });
    const scroller = page.locator(".class-grid-scroll");
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const name = page.getByRole("rowheader", { name: /Student 01/ });
    const [box, area] = await Promise.all([name.boundingBox(), scroller.boundingBox()]);
    assert.ok(box && area && box.x >= area.x - 1, "the name column stays in view");
    await page.screenshot({ path: join(OUTPUT, "class-1024.png") });
  });

  it("lists who is stuck and the failed questions", async () => {
    assert.match(await page.getByRole("region", { name: "Who is stuck" }).textContent(), /Student 01 — Unit 2: Osmosis/);
    assert.match(await page.getByRole("region", { name: "Exam questions most failed" }).textContent(), /Which way does water move/);
  });

  it("raised no page errors, console errors, failed or remote requests", () => {
    assert.deepEqual(errors, []);
  });
});
