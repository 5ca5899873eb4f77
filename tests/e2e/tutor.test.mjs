// End-to-end: a new student learns a unit of the sample course in the real window with
// the real default model — a question, a drill answered wrong then right, Continue until
// an exam block, a wrong submission and its lockout, a restart that keeps everything,
// then a pass and a bronze badge. The test reads answer keys from the app's database
// (it plays a student who knows the answers); everything else goes through the window.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { AFTER_LAUNCH, freshHome, launch, OUTPUT, statusMatching } from "./driver.mjs";

const QUESTION = "How do I collect like terms in 3x + 2x + 5?";
const TURN_TIMEOUT = 240000;

/** Rows of `query` on the app's database in `home` (python3's sqlite3; WAL allows a reader). */
function sql(home, query, params = []) {
  const db = join(home, "data", "org.lantern.studydesk", "lantern.db");
  const script =
    "import json, sqlite3, sys\n" +
    "con = sqlite3.connect(sys.argv[1], timeout=30)\n" +
    "print(json.dumps(con.execute(sys.argv[2], json.loads(sys.argv[3])).fetchall()))";
  return JSON.parse(execFileSync("python3", ["-c", script, db, query, JSON.stringify(params)], { encoding: "utf8" }));
}

/** The expected answer of the drill in message `id`. */
function drillAnswer(home, id) {
  const [[key]] = sql(home, "SELECT drill_key FROM tutor_messages WHERE id = ?", [Number(id)]);
  return JSON.parse(key).answer;
}

/** What the timeline ends with: the last item's kind, message id and exam question. */
function lastItem(browser) {
  return browser.execute(() => {
    const items = [...document.querySelectorAll(".timeline > li")];
    const last = items.at(-1);
    if (!last) return { kind: "none", count: 0 };
    const kind = last.querySelector(".card-drill")
      ? last.querySelector(".drill-graded")
        ? "graded-drill"
        : "drill"
      : last.querySelector(".card-exam")
        ? "exam"
        : last.querySelector(".card-concept")
          ? "concept"
          : "message";
    const exam = last.querySelector(".card-exam");
    return { kind, id: last.dataset.messageId, question: exam?.dataset.questionId ?? null, count: items.length };
  });
}

/** Waits until no reply or feedback is streaming. */
async function idle(browser, what) {
  await browser.pause(300);
  await browser.waitUntil(
    async () =>
      !(await browser.$(".message-streaming").isExisting()) &&
      !(await browser.$(".drill-checking").isExisting()) &&
      (await browser.$("form.composer button[type='submit']").isExisting()),
    { timeout: TURN_TIMEOUT, interval: 500, timeoutMsg: `still busy after ${what}` },
  );
  assert.equal((await browser.$$("[role='alert']")).length, 0, `no error after ${what}`);
}

/** Clicks the button labelled `label` inside the timeline's last item. */
async function pressInLast(browser, label) {
  const button = await browser.$(".timeline > li:last-child").$(`button=${label}`);
  await button.waitForEnabled({ timeout: 10000 });
  await button.scrollIntoView({ block: "center" });
  await button.click();
}

/** Answers the drill ending the timeline with `answer` and waits for its grade. */
async function answerDrill(browser, answer) {
  const input = await browser.$(".timeline > li:last-child .drill-answer input");
  await input.setValue(answer);
  await pressInLast(browser, "Check Answer");
  await idle(browser, `checking ${answer}`);
  const pill = await browser.$(".timeline > li:last-child .pill");
  await pill.waitForExist({ timeout: 10000 });
  return pill.getText();
}

/** Works through drills (answering right) until an exam block ends the timeline. */
async function untilExam(home, browser, maxMoves = 8) {
  for (let i = 0; i < maxMoves; i += 1) {
    const last = await lastItem(browser);
    if (last.kind === "exam") return last;
    if (last.kind === "drill") {
      assert.equal(await answerDrill(browser, drillAnswer(home, last.id)), "Correct");
      await pressInLast(browser, "Continue");
    } else if (last.kind === "graded-drill") {
      await pressInLast(browser, "Continue");
    } else if (last.kind === "concept") {
      await pressInLast(browser, "Try a Drill");
    } else {
      await (await browser.$("button=Practise this unit")).click();
    }
    await idle(browser, `move ${i + 1} towards an exam`);
  }
  return lastItem(browser);
}

/** Opens the Tutor in a wide window and the first session. */
async function openSession(browser) {
  await browser.setWindowSize(1440, 900);
  await browser.$("button=Tutor").click();
  const session = await browser.$(".thread-list li button");
  await session.waitForExist({ timeout: 20000 });
  await session.click();
  await browser.$(".snapshot-panel").waitForExist({ timeout: 20000 });
}

/** Whether anything sticks out of the workspace horizontally. */
function overflowing(browser) {
  return browser.execute(() => {
    const area = document.querySelector("main.workspace").getBoundingClientRect();
    return (
      document.documentElement.scrollWidth > window.innerWidth ||
      [...document.querySelectorAll(".tutor-main, .snapshot-panel, .thread-list, .card")].some(
        (el) => el.getBoundingClientRect().right > area.right + 1,
      )
    );
  });
}

describe("Tutor", () => {
  const home = freshHome();
  let app;
  let items;
  let lockedQuestion;
  before(async () => {
    app = await launch(home);
  });
  after(async () => {
    await app?.stop();
  });

  it("starts a session on the sample course and answers a question", async () => {
    const { browser } = app;
    await browser.setWindowSize(1440, 900);
    await browser.$("button=Tutor").click();
    await browser
      .$(".new-session option")
      .waitForExist({ timeout: 180000, timeoutMsg: "the sample course was not imported" });
    await statusMatching(browser, /ready/, 180000);
    await browser.$("button=New session").click();
    await browser.$(".snapshot-panel").waitForExist({ timeout: 20000 });
    await browser.$("form.composer textarea").setValue(QUESTION);
    await browser.$("button=Send").click();
    await idle(browser, "the question");
    const replies = await browser.$$(".timeline .message-assistant, .timeline .card");
    assert.ok(replies.length > 0, "the tutor replied");
    await browser.saveScreenshot(join(OUTPUT, "tutor-question.png"));
  });

  it("shows a drill card; a wrong answer is marked Incorrect with the expected answer", async () => {
    const { browser } = app;
    let last = await lastItem(browser);
    if (last.kind === "concept") await pressInLast(browser, "Try a Drill");
    else if (last.kind !== "drill") await (await browser.$("button=Practise this unit")).click();
    await idle(browser, "asking for a drill");
    last = await lastItem(browser);
    assert.equal(last.kind, "drill", "a drill card ends the timeline");
    assert.equal(await answerDrill(browser, "999999"), "Incorrect");
    assert.ok(await browser.$(".timeline > li:last-child .drill-feedback").isExisting(), "feedback in the card");
    await browser.saveScreenshot(join(OUTPUT, "tutor-drill-wrong.png"));
  });

  it("Try another gives a new drill, answered right, and Continue moves on", async () => {
    const { browser } = app;
    await pressInLast(browser, "Try another");
    await idle(browser, "Try another");
    const last = await lastItem(browser);
    assert.equal(last.kind, "drill");
    assert.equal(await answerDrill(browser, drillAnswer(home, last.id)), "Correct");
    await browser.saveScreenshot(join(OUTPUT, "tutor-drill-right.png"));
    await pressInLast(browser, "Continue");
    await idle(browser, "Continue after a drill");
  });

  it("reaches an exam block; a wrong submission locks it with a countdown", async () => {
    const { browser } = app;
    const exam = await untilExam(home, browser);
    assert.equal(exam.kind, "exam", "an exam block after right drills");
    const [[correct]] = sql(home, "SELECT correct FROM exam_questions WHERE id = ?", [exam.question]);
    const block = await browser.$(".timeline > li:last-child .card-exam");
    await block.$("input[type='radio']").waitForExist({ timeout: 20000 });
    let chosen = null;
    for (const radio of await block.$$("input[type='radio']")) {
      if ((await radio.getValue()) !== correct) {
        await radio.click();
        chosen = await radio.getValue();
        break;
      }
    }
    assert.ok(chosen, "the question has a wrong option");
    await pressInLast(browser, "Submit");
    await block.$(".exam-outcome .countdown").waitForExist({ timeout: 20000 });
    assert.match(await block.$(".exam-outcome").getText(), /Locked for 24h/);
    assert.match(await block.$(".exam-outcome .countdown").getText(), /^Available in 2[34]h \d+m$/);
    await browser.$(".snapshot-panel").$("p=1 locked").waitForExist({ timeout: 10000 });
    assert.equal(await overflowing(browser), false, "no overflow at 1440×900");
    await browser.saveScreenshot(join(OUTPUT, "tutor-exam-locked.png"));
    await browser.setWindowSize(1024, 700);
    await browser.$("button=Info").waitForExist({ timeout: 10000 });
    assert.equal(await overflowing(browser), false, "no overflow at 1024×700");
    await browser.saveScreenshot(join(OUTPUT, "tutor-1024x700.png"));
    items = (await lastItem(browser)).count;
    lockedQuestion = exam.question;
  });

  it("keeps the thread, timeline, snapshot and countdown across a restart", async () => {
    await app.stop();
    app = await launch(home);
    const { browser } = app;
    await openSession(browser);
    await browser.waitUntil(async () => (await lastItem(browser)).count === items, {
      timeout: AFTER_LAUNCH,
      timeoutMsg: "the timeline changed across the restart",
    });
    const block = await browser.$(`.card-exam[data-question-id='${lockedQuestion}']`);
    await block.$(".countdown").waitForExist({ timeout: 20000 });
    assert.match(await block.$(".countdown").getText(), /^Available in 2[34]h \d+m$/);
    await browser.$(".snapshot-panel").$("p=1 locked").waitForExist({ timeout: 10000 });
    await browser.saveScreenshot(join(OUTPUT, "tutor-after-restart.png"));
  });

  it("passes an exam question and earns the bronze badge", async () => {
    const { browser } = app;
    await statusMatching(browser, /ready/, 180000);
    await pressInLast(browser, "Continue");
    await idle(browser, "Continue after the exam");
    let exam = await untilExam(home, browser);
    if (exam.kind !== "exam" || exam.question === lockedQuestion) {
      // Only the locked question is left at this tier: a day later it opens again.
      await app.stop();
      app = await launch(home, { LANTERN_CLOCK_SHIFT_HOURS: "25" });
      await openSession(app.browser);
      await statusMatching(app.browser, /ready/, 180000);
      await (await app.browser.$("button=Practise this unit")).click();
      await idle(app.browser, "practising a day later");
      exam = await untilExam(home, app.browser);
    }
    assert.equal(exam.kind, "exam");
    const block = await app.browser.$(".timeline > li:last-child .card-exam");
    const [[correct]] = sql(home, "SELECT correct FROM exam_questions WHERE id = ?", [exam.question]);
    await block.$(`input[type='radio'][value='${correct}']`).click();
    await pressInLast(app.browser, "Submit");
    await block.$(".exam-outcome .badge-passed").waitForExist({ timeout: 20000 });
    await app.browser.$(".snapshot-panel .focus-unit .badge-bronze").waitForExist({ timeout: 10000 });
    await app.browser.saveScreenshot(join(OUTPUT, "tutor-bronze.png"));
  });
});
