// The expenses workspace in headless Chromium against the scripted backend (mocked
// IPC): a vague message confirmed by keyboard only (the card takes the focus), a delete
// from the table cancelled, the table sorted, no overflow at 1440×900 and 1024×700, and
// no remote request.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT, openMockedUi, overflow } from "./harness.mjs";

describe("Expenses in Chromium (mocked IPC)", () => {
  let ui;
  let page;
  let errors = [];

  before(async () => {
    ui = await openMockedUi({ width: 1440, height: 900 });
    ({ page, errors } = ui);
    await page.getByRole("button", { name: "Expenses" }).click();
    await page.getByRole("cell", { name: "bus pass", exact: true }).waitFor();
  });

  after(async () => {
    await ui?.close();
  });

  it("shows the table, the balance and the chart without overflow", async () => {
    assert.match(await page.getByRole("status", { name: "Balance" }).textContent(), /£75\.50/);
    assert.ok(await page.locator(".expense-chart canvas").isVisible());
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "expenses-1440.png") });
  });

  it("confirms a vague message by keyboard only", async () => {
    await page.getByLabel("Tell the assistant about your spending").focus();
    await page.keyboard.type("cinema 9");
    await page.keyboard.press("Enter");
    const card = page.getByRole("group", { name: "Waiting for your confirmation" });
    await card.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Confirm", "Confirm has the focus");
    await page.screenshot({ path: join(OUTPUT, "expenses-card.png") });
    await page.keyboard.press("Enter");
    await page.getByRole("cell", { name: "cinema", exact: true }).waitFor();
    await card.waitFor({ state: "detached" });
  });

  it("a delete from the table waits, and Cancel keeps the row", async () => {
    await page.getByRole("button", { name: "Delete groceries" }).click();
    const card = page.getByRole("group", { name: "Waiting for your confirmation" });
    await card.getByText("Delete this expense?").waitFor();
    await card.getByRole("button", { name: "Cancel" }).click();
    await card.waitFor({ state: "detached" });
    assert.ok(await page.getByRole("cell", { name: "groceries", exact: true }).isVisible());
  });

  it("sorts by a column from the keyboard", async () => {
    await page.getByRole("button", { name: "Amount" }).focus();
    await page.keyboard.press("Enter");
    const header = page.getByRole("columnheader", { name: /Amount/ });
    assert.equal(await header.getAttribute("aria-sort"), "descending");
  });

  it("fits at 1024×700", async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "expenses-1024.png") });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("had no page error, console error or remote request", () => {
    assert.deepEqual(errors, []);
  });
});
