// End-to-end: the argument coach with the real model in the real window — start an
// argument, get a streamed reply, complete a step, restart, find the session intact.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { AFTER_LAUNCH, descendants, freshHome, launch, OUTPUT, sendToCoach, startArgument, statusMatching } from "./driver.mjs";

const TITLE = "Homework on weekends";
const CLAIM_MESSAGE = "My claim: schools should not set homework on weekends because students need rest.";
const GROUNDS = "In our class survey, 21 of 28 students said weekend homework left them tired on Monday.";
const UNSENT = "Tired students learn less, so";
/** Messages sent until Stop lands while a reply streams. */
const STOP_MESSAGES = [
  "Rest helps students focus in class.",
  "Students who sleep more remember more of the lesson.",
  "Tired students make more mistakes in tests.",
];
const WARRANT_EDIT = "Rested students learn more, because sleep helps memory.";

/** Sends `text` and waits until the coach's reply has started streaming. */
async function sendAndWaitForStream(browser, text) {
  await browser.$(".chat-input textarea").setValue(text);
  await browser.$("button=Send").click();
  await browser.$(".message-streaming").waitForExist({ timeout: 10000 });
}

/** Waits until no reply is streaming. */
async function streamEnded(browser, timeoutMsg) {
  await browser.waitUntil(async () => !(await browser.$(".message-streaming").isExisting()), {
    timeout: 120000,
    timeoutMsg,
  });
}

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
    // Accepting saves the claim and opens the grounds; on a loaded machine the card's
    // buttons may still be disabled for a moment after the reply, and the step may take a
    // while to open: wait for each, as long as it takes.
    const use = await browser.$("button=Use this");
    await use.waitForClickable({ timeout: 120000, timeoutMsg: "the proposal cannot be accepted" });
    await use.click();
    await browser.waitUntil(async () => (await currentStep(browser)) === "Grounds", {
      timeout: 120000,
      timeoutMsg: "accepting did not advance the step",
    });
    assert.ok((await browser.$("#draft-claim").getValue()).trim().length > 0, "the claim was saved");
  });

  it("completes the grounds from the draft and moves to the warrant", async () => {
    const { browser } = app;
    const grounds = await browser.$("#draft-grounds");
    await grounds.waitForEnabled({ timeout: 10000 });
    await grounds.setValue(GROUNDS);
    const next = await browser.$("button=Done — next step");
    await next.waitForEnabled({ timeout: 10000 });
    await next.click();
    await browser.waitUntil(async () => (await currentStep(browser)) === "Warrant", {
      timeout: 120000,
      timeoutMsg: "the step did not advance",
    });
  });

  it("Stop ends a reply mid-stream; the message stays and Retry answers it", async () => {
    const { browser } = app;
    await statusMatching(browser, /ready/, 120000);
    // The small test model can finish a short reply before the click lands; then that
    // reply stands (Stop came too late) and another message is tried.
    let stopped = false;
    for (const message of STOP_MESSAGES) {
      await sendAndWaitForStream(browser, message);
      const stop = await browser.$("button=Stop");
      await stop.waitForEnabled({ timeout: 10000 });
      await stop.click();
      await streamEnded(browser, "Stop did not end the reply");
      const last = await browser.$(".messages li:last-child");
      if (/message-user/.test(await last.getAttribute("class"))) {
        assert.ok((await last.getText()).includes(message), "the student's message is kept, unanswered");
        stopped = true;
        break;
      }
      await statusMatching(browser, /ready/, 120000);
    }
    assert.ok(stopped, "Stop ended none of the replies mid-stream");
    await browser.$("button=Try again").click();
    await streamEnded(browser, "Retry got no reply");
    assert.match(await browser.$(".messages li:last-child").getAttribute("class"), /message-assistant/);
  });

  it("answers with the offline guide when the model is killed mid-reply, then recovers", async () => {
    const { browser } = app;
    await statusMatching(browser, /ready/, 120000);
    const before = (await browser.$$(".message-assistant")).length;
    await sendAndWaitForStream(browser, "Students who rest on weekends get better marks on Monday.");
    const workers = descendants(app.driverPid).filter((p) => p.cmdline.includes("--llm-worker"));
    assert.ok(workers.length > 0, "the model worker is running");
    for (const worker of workers) process.kill(worker.pid, "SIGKILL");
    await streamEnded(browser, "no reply after the model was killed");
    assert.ok((await browser.$$(".message-assistant")).length > before, "the turn got a reply");
    const origin = await browser.$(".messages li:last-child .message-origin");
    assert.ok(await origin.isExisting(), "the reply is marked as the offline guide's");
    assert.equal((await browser.$$("[role='alert']")).length, 0, "no error shown");
    await browser.saveScreenshot(join(OUTPUT, "coach-after-model-crash.png"));
    await statusMatching(browser, /ready/, 120000);
    await sendToCoach(browser, "Rested students remember more of what they learn.");
  });

  it("keeps the unsent message and a draft edit that never lost focus across a restart, and reopens the argument", async () => {
    let { browser } = app;
    await browser.$("#draft-warrant").setValue(WARRANT_EDIT);
    await browser.$(".chat-input textarea").setValue(UNSENT);
    await browser.pause(2000); // longer than the autosave delays, shorter than a blur
    const messages = (await browser.$$(".messages li")).length;
    const claim = await browser.$("#draft-claim").getValue();
    await app.stop();
    app = await launch(home);
    ({ browser } = app);
    await browser.$("button=Coach").click();
    await browser.$(".step-rail").waitForExist({ timeout: AFTER_LAUNCH });
    assert.equal(await currentStep(browser), "Warrant");
    assert.equal(await browser.$("#draft-claim").getValue(), claim);
    assert.equal(await browser.$("#draft-grounds").getValue(), GROUNDS);
    assert.equal(await browser.$("#draft-warrant").getValue(), WARRANT_EDIT);
    assert.equal(await browser.$(".chat-input textarea").getValue(), UNSENT);
    assert.equal((await browser.$$(".messages li")).length, messages);
    await statusMatching(browser, /ready/, 120000);
    await browser.saveScreenshot(join(OUTPUT, "coach-after-restart.png"));
  });
});
