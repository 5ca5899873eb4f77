// The tutor workspace in headless Chromium against the scripted tutor (mocked IPC): the
// passage a reply rests on and a verdict, a whole drill and an exam by keyboard only, the
// countdown, the learning path, the narrow layout's menu and Info drawer, the debug
// drawer, Spanish, and no overflow at 1024×700 and 1440×900.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUTPUT, openMockedUi, overflow as overflowing } from "./harness.mjs";

/** What sticks out, scrolling areas aside. */
const overflow = (page) => overflowing(page, ".path-scroll, .timeline, .drill-question, .math-preview, .katex-display");

/** Presses Tab until the focused element's text or label matches `name`; returns whether
 * it shows a focus ring. */
async function tabTo(page, name, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const label = el?.labels?.[0]?.textContent ?? el?.getAttribute("aria-label") ?? el?.textContent ?? "";
      const style = el ? getComputedStyle(el) : null;
      return { label: label.trim(), ring: Boolean(el?.matches(":focus-visible")) && style?.outlineStyle !== "none" };
    });
    if (name instanceof RegExp ? name.test(focused.label) : focused.label === name) return focused;
  }
  throw new Error(`Tab never reached ${name}`);
}


describe("Tutor workspace in Chromium (mocked IPC)", () => {
  let ui;
  let page;
  let errors = [];

  before(async () => {
    ui = await openMockedUi({ width: 1440, height: 900 });
    ({ page, errors } = ui);
    await page.getByRole("button", { name: "Tutor" }).click();
  });

  after(async () => {
    await ui?.close();
  });

  it("starts a session and answers a question with a concept card, by keyboard", async () => {
    assert.ok((await tabTo(page, "New session")).ring, "New session shows its focus ring");
    await page.keyboard.press("Enter");
    await page.getByRole("complementary", { name: "Your progress" }).waitFor();
    await tabTo(page, "Your message");
    await page.keyboard.type("How do I solve $2x+3=11$?");
    assert.equal(await page.locator(".composer .math-preview .katex").count(), 1, "live KaTeX preview");
    await page.keyboard.press("Enter");
    await page.getByRole("article", { name: "Key idea" }).waitFor();
    assert.equal(await page.locator(".timeline").getAttribute("aria-live"), "polite");
    assert.equal(await page.locator(".worked-example").getAttribute("open"), null, "the worked example starts collapsed");
    await page.screenshot({ path: join(OUTPUT, "tutor-concept.png") });
  });

  it("shows the passage a reply rests on, whole by keyboard, and the verdict on an answer", async () => {
    const passage = page.getByRole("figure", { name: "From your course: Linear equations · units/ALG-01.md › Undoing operations" });
    await passage.waitFor();
    assert.ok(await passage.getByText(/undo the operations in reverse order/).isVisible(), "the quote is visible");
    assert.ok((await tabTo(page, "Show the whole passage")).ring, "the toggle shows its focus ring");
    await page.keyboard.press("Enter");
    const toggle = passage.getByRole("button", { name: "Show less" });
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await passage.getByRole("heading", { name: "Undoing operations" }).waitFor();
    assert.ok((await passage.locator(".tutor-passage-full .katex").count()) > 0, "the passage's maths is typeset");
    await page.screenshot({ path: join(OUTPUT, "tutor-passage.png") });
    await tabTo(page, "Your message");
    await page.keyboard.type("first subtract 3");
    await page.keyboard.press("Enter");
    const verdict = page.locator(".timeline .tutor-verdict-right");
    await verdict.waitFor();
    assert.equal(await verdict.textContent(), "Right");
    await page.getByRole("figure", { name: "From your course: Linear equations · unit summary" }).waitFor();
    await page.screenshot({ path: join(OUTPUT, "tutor-verdict.png") });
  });

  it("takes a whole drill by keyboard: wrong, another, right, Continue", async () => {
    assert.ok((await tabTo(page, "Try a Drill")).ring);
    await page.keyboard.press("Enter");
    await page.getByRole("article", { name: "Drill" }).waitFor();
    await tabTo(page, "Your answer");
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    await page.getByText("Incorrect", { exact: true }).waitFor();
    assert.equal(await page.locator(".pill-incorrect").getAttribute("role"), "status", "grading is announced");
    await page.screenshot({ path: join(OUTPUT, "tutor-drill-wrong.png") });
    await tabTo(page, "Try another");
    await page.keyboard.press("Enter");
    await page.getByRole("article", { name: "Drill" }).nth(1).waitFor();
    await tabTo(page, "Your answer");
    await page.keyboard.type("x = 4");
    await page.keyboard.press("Enter");
    await page.getByText("Correct", { exact: true }).waitFor();
    await tabTo(page, "Continue");
    await page.keyboard.press("Enter");
    await page.getByRole("article", { name: "Exam question" }).waitFor();
  });

  it("submits an exam answer by keyboard and counts the lockout down", async () => {
    const exam = page.getByRole("article", { name: "Exam question" });
    await exam.getByRole("radio").first().waitFor();
    assert.equal(await exam.getByRole("button", { name: "Submit" }).isDisabled(), true, "Submit waits for a choice");
    await tabTo(page, /^A\./);
    await page.keyboard.press("Space");
    assert.ok((await tabTo(page, "Submit")).ring);
    await page.keyboard.press("Enter");
    await exam.getByText(/Locked for 24h/).waitFor();
    const first = await exam.locator(".exam-outcome .countdown").textContent();
    assert.match(first, /^Available in 2[34]h \d+m$/);
    await exam.locator("fieldset[disabled]").waitFor({ timeout: 5000 }); // options disabled while locked
    await page.getByRole("complementary", { name: "Your progress" }).getByText("1 locked").waitFor();
    await page.screenshot({ path: join(OUTPUT, "tutor-exam-locked.png") });
  });

  it("warns before the memo locks a question, then shows it", async () => {
    const exam = page.getByRole("article", { name: "Exam question" });
    await exam.getByRole("button", { name: "View Memo" }).click();
    // Already locked: viewing costs nothing more, so it opens without a warning.
    await exam.getByText("Add 2:", { exact: false }).waitFor();
    assert.equal(await exam.locator(".exam-support .katex").count() > 0, true);
  });

  it("has no overflow at 1440×900", async () => {
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "tutor-1440x900.png") });
  });

  it("draws the learning path and the progress chart; a unit is chosen by keyboard", async () => {
    await page.getByRole("button", { name: "Learning path" }).click();
    await page.locator(".path-graph").waitFor();
    assert.equal(await page.locator(".path-unit").count(), 3);
    assert.equal(await page.locator(".path-edge").count(), 2);
    assert.equal(await page.locator(".path-focus").count(), 1);
    assert.equal(await page.locator(".path-blocked").count(), 1);
    await page.screenshot({ path: join(OUTPUT, "tutor-learning-path.png") });
    await page.locator(".path-unit", { hasText: "Inequalities" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("article", { name: "Drill" }).last().waitFor();
  });

  it("turns the sessions into a menu and the panel into an Info drawer at 1024×700", async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByRole("button", { name: "Sessions" }).waitFor();
    assert.equal(await page.locator(".snapshot-panel").count(), 0, "the panel is in a drawer");
    assert.deepEqual(await overflow(page), { page: false, outside: [] });
    await page.screenshot({ path: join(OUTPUT, "tutor-1024x700.png") });
    await page.getByRole("button", { name: "Info" }).click();
    const drawer = page.getByRole("dialog", { name: "Your progress" });
    await drawer.getByText("1 locked").waitFor();
    await page.screenshot({ path: join(OUTPUT, "tutor-info-drawer.png") });
    await page.keyboard.press("Escape");
    assert.equal(await drawer.count(), 0, "Escape closes the drawer");
    await page.getByRole("button", { name: "Sessions" }).click();
    await page.getByRole("dialog", { name: "Sessions" }).getByRole("button", { name: "New session" }).waitFor();
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("shows the debug drawer when Settings turns it on", async () => {
    assert.equal(await page.locator(".debug-drawer").count(), 0, "off by default");
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("Show the tutor's debug drawer").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Tutor" }).click();
    await page.getByRole("button", { name: "Grade 10 Algebra" }).first().click();
    await page.locator(".debug-drawer summary").click();
    await page.getByText("Mastery per unit").waitFor();
    await page.screenshot({ path: join(OUTPUT, "tutor-debug.png") });
  });

  it("speaks Spanish, countdown included", async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Tutor" }).click();
    await page.getByRole("button", { name: "Grade 10 Algebra" }).first().click();
    const panel = page.getByRole("complementary", { name: "Tu progreso" });
    await panel.getByText("Próxima:").getByText(/Disponible en \d+ h \d+ min/).waitFor();
    await panel.locator(".revisit-list li", { hasText: "Bronce" }).getByText(/Disponible en \d+ h \d+ min/).waitFor();
    await page.getByRole("button", { name: "Comprobar respuesta" }).first().waitFor();
    await page.screenshot({ path: join(OUTPUT, "tutor-spanish.png") });
  });

  it("raised no page or console errors", () => {
    assert.deepEqual(errors, []);
  });
});
