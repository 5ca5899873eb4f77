// End-to-end: a student keeps track of spending in the real window with the default
// model — an expense stated outright is added at once with its real stored values, a
// vague one waits on a card whose amount is corrected before confirming, a delete is
// cancelled and then confirmed, a Spanish message with a relative date, a balance, and
// everything still there after a restart.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { AFTER_LAUNCH, freshHome, launch, OUTPUT, statusMatching } from "./driver.mjs";

const TURN_TIMEOUT = 240000;

/** A day as the app writes it, `days` before today (UTC, the app's clock). */
function isoDay(days = 0) {
  return new Date(Date.now() - days * 86400000).toISOString().slice(0, 10);
}

/** The text of the last assistant message. */
async function lastReply(browser) {
  return browser.$(".expense-chat .messages > li.from-assistant:last-child").getText();
}

/** Sends `text` in the expense chat and waits for the reply. */
async function say(browser, text) {
  const before = (await browser.$$(".expense-chat .messages > li.from-assistant")).length;
  await browser.$("#expense-message").setValue(text);
  await browser.$(".expense-chat button[type='submit']").click();
  await browser.waitUntil(
    async () =>
      !(await browser.$(".expense-chat .progress").isExisting()) &&
      (await browser.$$(".expense-chat .messages > li.from-assistant")).length > before,
    { timeout: TURN_TIMEOUT, interval: 500, timeoutMsg: `no reply to ${text}` },
  );
  assert.equal((await browser.$$("[role='alert']")).length, 0, `no error after ${text}`);
  return lastReply(browser);
}

/** The table's rows as [date, item, category, amount]. */
async function rows(browser) {
  const found = [];
  for (const row of await browser.$$(".expense-table tbody tr")) {
    const cells = await row.$$("td");
    found.push(await Promise.all(cells.slice(0, 4).map((c) => c.getText())));
  }
  return found;
}

/** Clicks `label` on the waiting card and waits until the card is gone. */
async function answerCard(browser, label) {
  const card = await browser.$(".expense-chat .proposal-card");
  await card.$(`button=${label}`).click();
  await card.waitForExist({ reverse: true, timeout: 20000 });
}

/** Shows every expense in the table. */
async function showAllTime(browser) {
  await browser.$(".expense-filters select").selectByAttribute("value", "all");
  await browser.pause(500);
}

describe("Expenses", () => {
  const home = freshHome();
  let app;
  before(async () => {
    app = await launch(home);
  });
  after(async () => {
    await app?.stop();
  });

  it("adds an expense stated outright at once, with its stored values", async () => {
    const { browser } = app;
    await browser.setWindowSize(1440, 900);
    await statusMatching(browser, /ready/, 180000);
    await browser.$("button=Expenses").click();
    await browser.$("#expense-message").waitForExist({ timeout: 20000 });
    const reply = await say(browser, "I paid £200 for the electricity bill today");
    assert.match(reply, /£200\.00/);
    assert.ok(reply.includes(isoDay()), reply);
    await showAllTime(browser);
    assert.deepEqual(await rows(browser), [[isoDay(), "electricity bill", "Utilities", "£200.00"]]);
  });

  it("a vague message waits on a card; the corrected amount is what runs", async () => {
    const { browser } = app;
    await say(browser, "lunch 12");
    const card = await browser.$(".expense-chat .proposal-card");
    assert.ok(await card.isExisting(), "a card waits");
    assert.equal((await rows(browser)).length, 1, "nothing added yet");
    await card.$("button=Edit").click();
    const amount = await card.$("label*=Amount").$("input");
    await amount.setValue("12.50");
    await card.$("button=Save changes").click();
    await browser.waitUntil(async () => (await card.getText()).includes("12.50"), { timeout: 20000 });
    await browser.saveScreenshot(join(OUTPUT, "expenses-card.png"));
    await answerCard(browser, "Confirm");
    await browser.waitUntil(async () => (await rows(browser)).some((r) => r[1] === "lunch" && r[3] === "£12.50"), {
      timeout: 20000,
      timeoutMsg: "the corrected lunch was not added",
    });
  });

  it("a delete waits for a yes: Cancel keeps it, Confirm removes it", async () => {
    const { browser } = app;
    await say(browser, "delete the lunch");
    await answerCard(browser, "Cancel");
    assert.ok((await rows(browser)).some((r) => r[1] === "lunch"), "cancel kept the row");
    await say(browser, "delete the lunch");
    await answerCard(browser, "Confirm");
    await browser.waitUntil(async () => !(await rows(browser)).some((r) => r[1] === "lunch"), { timeout: 20000 });
  });

  it("understands Spanish with a relative date, and answers a balance from the table's figures", async () => {
    const { browser } = app;
    const reply = await say(browser, "ayer gasté 15,50 € en el cine");
    const card = await browser.$(".expense-chat .proposal-card");
    if (await card.isExisting()) await answerCard(browser, "Confirm");
    else assert.match(reply, /15,50/);
    await browser.waitUntil(async () => (await rows(browser)).some((r) => r[0] === isoDay(1) && r[3].includes("15")), {
      timeout: 20000,
      timeoutMsg: `no cinema row for ${isoDay(1)}`,
    });
    const total = await say(browser, "how much have I spent in total?");
    assert.match(total, /£200\.00/);
    await browser.saveScreenshot(join(OUTPUT, "expenses.png"));
  });

  it("keeps the expenses and the conversation across a restart", async () => {
    await app.stop();
    app = await launch(home);
    const { browser } = app;
    await browser.$("button=Expenses").click();
    await browser.$(".expense-chat .messages > li").waitForExist({ timeout: AFTER_LAUNCH });
    await showAllTime(browser);
    const items = (await rows(browser)).map((r) => r[1]);
    assert.ok(items.includes("electricity bill"), items.join(", "));
    assert.ok(!items.includes("lunch"), items.join(", "));
    const texts = await browser.$$(".expense-chat .messages > li");
    assert.ok(texts.length >= 8, "the conversation is back");
  });
});
