// End-to-end: a class collects progress by USB stick in the real window. A student's
// laptop (its data folder seeded with the command line: a course of another subject and
// two exam answers) hands in through "Hand in my progress": the dialog shows the
// evidence and the whole file, and saving writes exactly that text to the folder picked.
// "Check a pack" names a broken pack's problem by file and line and imports a clean one.
// Then a class profile is created from the profile form, with the PIN a class needs; it
// opens on the Class page,
// imports the folder (once added, then already imported) and shows the student's row
// with the failed question.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { OUTPUT, ROOT, answerDialogs, freshHome, launch } from "./driver.mjs";

const CLI = process.env.LANTERN_CLI_BINARY ?? join(ROOT, "target", "debug", "lantern");

describe("Hand-in and the Class workspace", () => {
  const home = freshHome();
  const usb = join(home, "usb");
  let app;

  before(async () => {
    mkdirSync(usb, { recursive: true });
    const data = ["--data-dir", join(home, "data", "org.lantern.studydesk")];
    const run = (...args) => execFileSync(CLI, [...data, ...args], { encoding: "utf8", env: { ...process.env, LANTERN_NOW: "2026-11-02T09:00:00Z" } });
    run("course", "import", join(ROOT, "tests/fixtures/packs/cell-biology"));
    const thread = JSON.parse(run("tutor", "new", "--course", "cell-biology", "--json")).id;
    run("tutor", "exam", "submit", String(thread), "BIO-01-B1", "A");
    run("tutor", "exam", "submit", String(thread), "BIO-02-B1", "B");
    app = await launch(home);
    await app.browser.setWindowSize(1440, 900);
  });

  after(async () => {
    await app?.stop();
  });

  it("shows the student exactly what the file holds, and saves those bytes", async () => {
    const { browser } = app;
    await browser.$("button=Hand in my progress").click();
    const dialog = await browser.$("[role='dialog'][aria-label='Hand in my progress']");
    await dialog.waitForExist({ timeout: 20000 });
    await browser.$("button=Show what will be in the file").click();
    const course = await browser.$("[aria-label='Introductory Cell Biology']");
    await course.waitForExist({ timeout: 20000 });
    const shown = await browser.$("pre.hand-in-file").getProperty("textContent");
    assert.match(shown, /"format": "lantern-progress"/);
    assert.ok(await course.isDisplayed());
    await browser.saveScreenshot(join(OUTPUT, "hand-in.png"));
    answerDialogs(home, usb);
    await browser.$("button=Save to a folder…").click();
    await browser.$("p*=Saved:").waitForExist({ timeout: 20000 });
    const files = readdirSync(usb).sort();
    assert.equal(files.length, 2, String(files));
    const json = files.find((f) => f.endsWith(".progress.json"));
    assert.equal(readFileSync(join(usb, json), "utf8"), shown);
    await browser.$("button=Close").click();
  });

  it("checks a pack before import: a broken one names its file, line and field; a clean one imports", async () => {
    const { browser } = app;
    await browser.$("button=Tutor").click();
    // The button waits, disabled, while the first run imports the sample course: a
    // click before then would open nothing (a loaded machine imports slowly).
    const check = await browser.$("button=Check a pack…");
    await check.waitForEnabled({ timeout: 180000 });
    await check.click();
    const dialog = await browser.$("[role='dialog'][aria-label='Check a course pack']");
    await dialog.waitForExist({ timeout: 20000 });
    answerDialogs(home, join(ROOT, "tests/fixtures/authoring/broken/missing-unit"));
    await browser.$("button=Check a folder…").click();
    const problems = await browser.$("[aria-label='Problems (the import refuses these)']");
    await problems.waitForExist({ timeout: 20000 });
    assert.match(await problems.getText(), /course\.json:\d+/);
    assert.equal(await browser.$("button=Import this course").isExisting(), false);
    answerDialogs(home, join(ROOT, "tests/fixtures/packs/one-step-equations"));
    await browser.$("button=Check a folder…").click();
    await browser.$("p*=0 problems").waitForExist({ timeout: 20000 });
    assert.ok(await browser.$("p*=0 problems").isDisplayed());
    await browser.saveScreenshot(join(OUTPUT, "check-pack.png"));
    await browser.$("button=Import this course").click();
    await browser.$("p*=Imported:").waitForExist({ timeout: 180000 });
    await dialog.$("button=Close").click();
  });

  it("opens a new class profile on the Class page, imports the USB folder once and shows the grid", async () => {
    const { browser } = app;
    const form = await browser.$("form[aria-label='New profile']");
    await form.$("input").setValue("Biology 9B");
    await form.$("select").selectByAttribute("value", "class");
    assert.equal(await form.$("button=Create").isEnabled(), false, "a class waits for its PIN");
    await form.$("input[type='password']").setValue("1357");
    await form.$("button=Create").click();
    await browser.$("h2=Class").waitForExist({ timeout: 20000 });
    assert.equal(await browser.$("button=Tutor").isExisting(), false);
    answerDialogs(home, usb);
    await browser.$("button=Import a folder…").click();
    await browser.$("p*=1 added").waitForExist({ timeout: 20000 });
    const grid = await browser.$("table.class-grid");
    await grid.waitForExist({ timeout: 20000 });
    assert.equal((await grid.$$("tbody tr")).length, 1);
    assert.match(await browser.$("[aria-label='Exam questions most failed']").getText(), /Which statement is part of cell theory/);
    answerDialogs(home, usb);
    await browser.$("button=Import a folder…").click();
    await browser.$("p*=1 already imported").waitForExist({ timeout: 20000 });
    await browser.saveScreenshot(join(OUTPUT, "class.png"));
  });
});
