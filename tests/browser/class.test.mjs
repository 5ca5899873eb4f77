// The Class workspace in headless Chromium against the scripted backend (mocked IPC): a
// class profile is created from the profile form with its PIN and opens on the Class
// page; a class of 30 students × 20 units renders its grid with the page never wider
// than the window (the grid scrolls on its own both ways, drawing only what is in view;
// the names and unit titles stay in view) at 1440×900 and 1024×700; no remote request.
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
    await form.getByLabel("PIN of the class (4 to 12 digits)").fill("1357");
    await form.getByRole("button", { name: "Create" }).click();
    await page.getByRole("heading", { level: 2, name: "Class" }).waitFor();
  });

  after(async () => {
    await ui?.close();
  });

  it("shows 30 students × 20 units without overflow", async () => {
    const grid = page.getByRole("table", { name: "Biology 9" });
    await grid.waitFor();
    assert.equal(await grid.getAttribute("aria-rowcount"), "31");
    assert.equal(await grid.getAttribute("aria-colcount"), "22");
    const drawn = await grid.locator("tbody tr[aria-rowindex]").count();
    assert.ok(drawn >= 15 && drawn <= 30, `${drawn} rows drawn`);
    assert.deepEqual(await overflow(page, ".class-grid-scroll"), { page: false, outside: [] });
    const scroller = page.locator(".class-grid-scroll");
    const widths = await scroller.evaluate((el) => ({ box: el.getBoundingClientRect().right, window: innerWidth }));
    assert.ok(widths.box <= widths.window, "the grid's box stays inside the window");
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
    await page.getByRole("columnheader", { name: "Unit 20: Photosynthesis" }).waitFor();
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.getByRole("rowheader", { name: /Student 30/ }).waitFor();
    const header = page.getByRole("columnheader", { name: "Unit 20: Photosynthesis" });
    const [top, areaAfter] = await Promise.all([header.boundingBox(), scroller.boundingBox()]);
    assert.ok(top && areaAfter && top.y >= areaAfter.y - 1, "the unit titles stay in view");
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
