// End-to-end: the argument coach with the real model in the real window — start an
// argument, get a streamed reply, complete a step, restart, find the session intact.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT, freshHome, launch, sendToCoach, startArgument, statusMatching } from "./driver.mjs";

const TITLE = "Homework on weekends";
const CLAIM_MESSAGE = "My claim: schools should not set homework on weekends because students need rest.";
const GROUNDS = "In our class survey, 21 of 28 students said weekend homework left them tired on Monday.";

/** The label of the step the rail marks as current. */
async function currentStep(browser) {
  const current = await browser.$(".step-rail [aria-current='step']");
  await current.waitForExist({ timeout: 10000 });
  return (await current.getText()).replace(/^\d+\s*/, "").trim();
}

describe("Coach", () => {
  const home = freshHome();
  let app;
  before(async () => {
    app = await launch(home);
  });
  after(async () => {
    await app?.stop();
  });

  it("starts an argument with the claim question", async () => {
    const { browser } = app;
    await startArgument(browser, TITLE);
    assert.equal(await currentStep(browser), "Claim");
  });

  it("streams the coach's reply to a message", async () => {
    const { browser } = app;
    await statusMatching(browser, /ready/, 120000);
    await sendToCoach(browser, CLAIM_MESSAGE);
    await browser.saveScreenshot(join(OUTPUT, "coach-reply.png"));
  });

  it("proposes the claim the student confirms, and accepting it moves to the grounds", async () => {
    const { browser } = app;
    await sendToCoach(browser, "Yes, use that.");
    const card = await browser.$(".proposal-card");
    await card.waitForExist({ timeout: 10000, timeoutMsg: "no proposal after a confirmation" });
    await browser.saveScreenshot(join(OUTPUT, "coach-proposal.png"));
    await browser.$("button=Use this").click();
    await browser.waitUntil(async () => (await currentStep(browser)) === "Grounds", {
      timeout: 10000,
      timeoutMsg: "accepting did not advance the step",
    });
    assert.ok((await browser.$("#draft-claim").getValue()).trim().length > 0, "the claim was saved");
  });

  it("completes the grounds from the draft and moves to the warrant", async () => {
    const { browser } = app;
    await browser.$("#draft-grounds").setValue(GROUNDS);
    await browser.$("button=Done — next step").click();
    await browser.waitUntil(async () => (await currentStep(browser)) === "Warrant", {
      timeout: 10000,
      timeoutMsg: "the step did not advance",
    });
  });

  it("finds the session intact after a restart", async () => {
    const messages = (await app.browser.$$(".messages li")).length;
    const claim = await app.browser.$("#draft-claim").getValue();
    await app.stop();
    app = await launch(home);
    const { browser } = app;
    await browser.$("button=Coach").click();
    await browser.$(`button=${TITLE}`).waitForExist({ timeout: 20000 });
    await browser.$(`button=${TITLE}`).click();
    assert.equal(await currentStep(browser), "Warrant");
    assert.equal(await browser.$("#draft-claim").getValue(), claim);
    assert.equal(await browser.$("#draft-grounds").getValue(), GROUNDS);
    assert.equal((await browser.$$(".messages li")).length, messages);
    await statusMatching(browser, /ready/, 120000);
    await browser.saveScreenshot(join(OUTPUT, "coach-after-restart.png"));
  });
});
