// End-to-end: a student edits a real report in the real window — a Markdown report
// imported, a rename asked for in the chat and accepted, a delete confirmed then undone,
// a rewrite asked of the default model, exports to Markdown and Word, a report's own
// picture shown, and everything still there after a restart. The import and export buttons
// open the app's own file dialogs, answered from a file in this debug build (WebDriver
// cannot drive a native dialog); a path the page names itself is ignored, and the plugins
// that would take one are refused.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { OUTPUT, ROOT, answerDialogs, freshHome, launch, statusMatching } from "./driver.mjs";

const REPORT = join(ROOT, "tests", "evals", "reports", "reports", "house-survey.md");
const TURN_TIMEOUT = 240000;

/** Calls a command from the window as a page script could; `{ ok, data | refusal }` (a
 * result with an `error` field would be taken by WebKitWebDriver as the script's own). */
function call(browser, command, args) {
  return browser.executeAsync(
    (command, args, done) => {
      window.__TAURI_INTERNALS__.invoke(command, args).then(
        (data) => done({ ok: true, data }),
        (error) => done({ ok: false, refusal: String(error) }),
      );
    },
    command,
    args,
  );
}

/** Imports the report at `path` with the Import button and the app's file dialog. */
async function importReport(browser, home, path) {
  answerDialogs(home, path);
  await browser.$("button=Reports").click();
  const button = await browser.$("button=Import report…");
  await button.waitForClickable({ timeout: 20000 });
  await button.click();
  await browser.$("button=Import report…").waitForClickable({ timeout: 60000, timeoutMsg: "the import did not finish" });
  assert.equal((await browser.$$("[role='alert']")).length, 0, `no error importing ${path}`);
}

/** The heading text of the section with `id`, or null. */
async function heading(browser, id) {
  const section = await browser.$(`.report-section[data-section-id='${id}'] > .section-head > :first-child`);
  return (await section.isExisting()) ? section.getText() : null;
}

/** Sends `text` in the report chat and waits until the turn is over. */
async function ask(browser, text) {
  const before = (await browser.$$(".report-chat .messages > li")).length;
  await browser.$("#report-message").setValue(text);
  await browser.$(".report-chat button[type='submit']").click();
  await browser.waitUntil(
    async () =>
      !(await browser.$(".report-chat .progress").isExisting()) &&
      (await browser.$$(".report-chat .messages > li")).length >= before + 2,
    { timeout: TURN_TIMEOUT, interval: 500, timeoutMsg: `no reply to ${text}` },
  );
  assert.equal((await browser.$$("[role='alert']")).length, 0, `no error after ${text}`);
}

/** Opens the Reports workspace and the first report. */
async function openReport(browser) {
  await browser.setWindowSize(1440, 900);
  await browser.$("button=Reports").click();
  const link = await browser.$(".report-list").$("span*=House survey");
  await link.waitForExist({ timeout: 20000 });
  await link.click();
  await browser.$(".report-section").waitForExist({ timeout: 20000 });
}

describe("Reports", () => {
  const home = freshHome();
  let app;
  before(async () => {
    app = await launch(home);
  });
  after(async () => {
    await app?.stop();
  });

  it("imports a Markdown report and shows it numbered, with its image placeholders", async () => {
    const { browser } = app;
    await statusMatching(browser, /ready/, 180000);
    await importReport(browser, home, REPORT);
    await openReport(browser);
    assert.equal(await heading(browser, "s3"), "2.1 Gutters");
    assert.equal(await heading(browser, "s7"), "5 Recommendations");
    assert.ok(await browser.$(".image-chip=Image: gutter").isExisting(), "the placeholder is shown");
    await browser.saveScreenshot(join(OUTPUT, "reports-imported.png"));
  });

  it("a rename asked in the chat waits for review; Accept makes version 2", async () => {
    const { browser } = app;
    await ask(browser, "Rename 2.1 to Gutters and downpipes");
    assert.match(await heading(browser, "s3"), /^2\.1 Gutters and downpipes/);
    const accept = await browser.$(".review-panel .change button.primary");
    await accept.waitForEnabled({ timeout: 10000 });
    await browser.saveScreenshot(join(OUTPUT, "reports-review.png"));
    await accept.click();
    await browser.$("p=Version 2").waitForExist({ timeout: 20000 });
    assert.ok(await browser.$("p=No change is waiting for review.").isExisting());
  });

  it("a delete is accepted only after the confirmation, and Undo brings it back", async () => {
    const { browser } = app;
    await ask(browser, "delete section 2.2");
    await browser.$("button=Accept all").click();
    const dialog = await browser.$("[role='alertdialog']");
    await dialog.waitForExist({ timeout: 10000 });
    await dialog.$("button=Delete and accept").click();
    await browser.$("p=Version 3").waitForExist({ timeout: 20000 });
    assert.equal(await heading(browser, "s4"), null);
    await browser.$("button=Undo").click();
    await browser.waitUntil(async () => (await heading(browser, "s4")) === "2.2 Flashing", { timeout: 20000 });
    await browser.$("p=Version 4").waitForExist({ timeout: 20000 });
  });

  it("asks the model for a rewrite and gets a change to review or the app's answer", async () => {
    const { browser } = app;
    await ask(browser, "Make the recommendations shorter");
    const reply = await browser.$(".report-chat .messages > li:last-child").getText();
    assert.ok(reply.trim().length > 0, "a reply");
    const changes = await browser.$$(".review-panel .change");
    if (changes.length > 0) await browser.$("button=Reject all").click();
    await browser.saveScreenshot(join(OUTPUT, "reports-model-turn.png"));
  });

  it("exports the accepted version to Markdown and Word where the dialog says", async () => {
    const { browser } = app;
    const md = join(home, "survey-out.md");
    const docx = join(home, "survey-out.docx");
    for (const [button, path] of [
      ["Export Markdown", md],
      ["Export Word", docx],
    ]) {
      answerDialogs(home, path);
      await browser.$(`button=${button}`).click();
      await browser.$(`p*=Saved to ${path}`).waitForExist({ timeout: 20000, timeoutMsg: `${button}: not saved` });
    }
    const text = readFileSync(md, "utf8");
    assert.match(text, /### 2\.1 Gutters and downpipes/);
    assert.match(text, /\[IMAGE:gutter\]/);
    assert.ok(existsSync(docx) && statSync(docx).size > 1000, "a Word file");
    assert.equal(readFileSync(docx).subarray(0, 2).toString(), "PK", "a zip (docx) file");
  });

  it("ignores a path the page names and refuses the plugins that take one", async () => {
    const { browser } = app;
    const crafted = join(home, "crafted.md");
    const chosen = join(home, "chosen.md");
    answerDialogs(home, chosen);
    const exported = await call(browser, "reports_export", { id: 1, format: "md", language: "en", path: crafted });
    assert.deepEqual(exported, { ok: true, data: chosen });
    assert.ok(existsSync(chosen) && !existsSync(crafted), "written where the dialog said only");
    answerDialogs(home);
    assert.deepEqual(await call(browser, "reports_import", { projectId: null, language: "en", path: REPORT }), { ok: true, data: null });
    for (const [command, args] of [
      ["plugin:store|load", { path: join(home, "evil.json") }],
      ["plugin:dialog|open", { options: { directory: true } }],
      ["plugin:dialog|save", { options: {} }],
    ]) {
      const result = await call(browser, command, args);
      assert.equal(result.ok, false, `${command} is refused`);
      assert.match(result.refusal, /not allowed/);
    }
    assert.ok(!existsSync(join(home, "evil.json")));
  });

  it("shows a report's own pictures, copied at import", async () => {
    const { browser } = app;
    const folder = join(home, "site-visit");
    mkdirSync(join(folder, "img"), { recursive: true });
    writeFileSync(
      join(folder, "img", "sketch.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#f4c95d"/></svg>',
    );
    const visit = join(folder, "visit.md");
    writeFileSync(visit, "# Site visit\n\n## 1. Sketch\n\n![Roof sketch](img/sketch.svg)\n");
    await importReport(browser, home, visit);
    await browser.$("button=Coach").click();
    await browser.$("button=Reports").click();
    // The list re-renders while it loads: retry a click that lands on a replaced element.
    await browser.waitUntil(
      async () => {
        try {
          await (await browser.$("span=Site visit")).click();
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 20000, timeoutMsg: "the imported report is not listed" },
    );
    // Asked of the page itself: the report re-renders while it opens (a held element goes stale).
    await browser.waitUntil(() => browser.execute(() => document.querySelector("img.report-image")?.naturalWidth > 0), {
      timeout: 30000,
      timeoutMsg: "the picture did not load",
    });
    // Read in the page too: a held element can go stale when the report re-renders.
    const picture = await browser.execute(() => {
      const img = document.querySelector("img.report-image");
      const box = img?.getBoundingClientRect();
      return img && { alt: img.getAttribute("alt"), width: box.width, height: box.height };
    });
    assert.equal(picture?.alt, "Roof sketch");
    assert.ok(picture.width > 0 && picture.height > 0, "the picture takes room on the page");
    await browser.saveScreenshot(join(OUTPUT, "reports-picture.png"));
    await browser.waitUntil(
      async () => {
        try {
          await (await browser.$("span=House survey — 14 Elm Road")).click();
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 20000, timeoutMsg: "the sample report is not listed" },
    );
    await browser.$(".report-section[data-section-id='s3']").waitForExist({ timeout: 20000 });
  });

  it("keeps the report, its versions and the conversation across a restart", async () => {
    await app.stop();
    app = await launch(home);
    const { browser } = app;
    await openReport(browser);
    assert.match(await heading(browser, "s3"), /^2\.1 Gutters and downpipes/);
    assert.ok(await browser.$("p=Version 4").isExisting());
    assert.ok((await browser.$$(".report-chat .messages > li")).length >= 6, "the conversation is kept");
  });
});
