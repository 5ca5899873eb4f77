// End-to-end: the Models page in the real window with the real models. A fresh install
// left on the automatic choice measures the better pack model in the background and runs
// the model the page marks as chosen; one click makes another model active (the status bar
// shows it loading, then ready); a file that is not a GGUF is refused with its error; a
// valid GGUF (a copy of the small model) is checked and imported where it is, and removed.
// Files are chosen in the app's own dialog, answered from a file in this debug build.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { OUTPUT, ROOT, answerDialogs, freshHome, launch, statusMatching } from "./driver.mjs";

const SMALL = "SmolLM2-135M-Instruct.Q4_1.gguf";
const QWEN = "Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf";

/** The card of the model whose file is `file`. */
async function card(browser, file) {
  for (const article of await browser.$$("article.model-card")) {
    if ((await article.$(".model-file").getText()) === file) return article;
  }
  throw new Error(`no card for ${file}`);
}

/** Whether a card shows `file`. */
async function listed(browser, file) {
  return card(browser, file).then(
    () => true,
    () => false,
  );
}

/** The file name on the card marked Active, or null. */
async function activeFile(browser) {
  const active = await browser.$("article.model-card.model-active");
  return (await active.isExisting()) ? active.$(".model-file").getText() : null;
}

/** The file name on the card the automatic choice marks chosen, or null. */
async function chosenFile(browser) {
  for (const article of await browser.$$("article.model-card")) {
    if (await article.$(".verdict-chosen").isExisting()) return article.$(".model-file").getText();
  }
  return null;
}

async function openModels(browser) {
  await browser.$("button=Models").click();
  await browser.$("article.model-card").waitForExist({ timeout: 30000 });
}

describe("Models", () => {
  const home = freshHome();
  let app;
  before(async () => {
    // No LANTERN_MODEL: the automatic choice, as on a fresh install.
    app = await launch(home, { LANTERN_MODEL: "" });
  });
  after(async () => {
    await app?.stop();
  });

  it("measures the better model in the background and runs the automatic choice", async () => {
    const { browser } = app;
    // The small model first, then (once the better one is measured) perhaps that one.
    await statusMatching(browser, / ready/, 120000);
    await openModels(browser);
    assert.match(await browser.$(".models-automatic").getText(), /^Automatic choice: /);
    // Once nothing is left to measure, the model running is the one the page calls chosen.
    await browser.waitUntil(
      async () => {
        if (await browser.$(".models-next").isExisting()) return false;
        const file = await chosenFile(browser);
        return file !== null && (await activeFile(browser)) === file && /ready/.test(await browser.$("footer.status-bar").getText());
      },
      { timeout: 240000, interval: 1000, timeoutMsg: "the automatic choice never ran" },
    );
    const qwen = await card(browser, QWEN);
    assert.doesNotMatch(await qwen.getText(), /not measured/, "the better model was measured");
    await browser.saveScreenshot(join(OUTPUT, "models-automatic.png"));
  });

  it("switches to another model in one click", async () => {
    const { browser } = app;
    const target = (await activeFile(browser)) === SMALL ? QWEN : SMALL;
    await (await card(browser, target)).$("button=Use this model").click();
    await statusMatching(browser, new RegExp(`Model: ${target.replace(/\./g, "\\.")} ready`), 120000);
    await browser.waitUntil(async () => (await activeFile(browser)) === target, { timeout: 30000 });
    const [automatic] = await browser.$$("fieldset.models-choice input[type='radio']");
    assert.equal(await automatic.isSelected(), false, "a chosen model, no longer automatic");
  });

  it("refuses a file that is not a model, then imports and removes a valid GGUF", async () => {
    const { browser } = app;
    const bad = join(home, "not-a-model.gguf");
    writeFileSync(bad, "this is text, not GGUF");
    answerDialogs(home, bad);
    await browser.$(".model-import").$("button=Choose file…").click();
    const alert = await browser.$(".model-import [role='alert']");
    await alert.waitForExist({ timeout: 30000 });
    assert.match(await alert.getText(), /^That file is not a usable GGUF model/);
    await browser.saveScreenshot(join(OUTPUT, "bad-model.png"));

    const good = join(home, "school-model.gguf");
    copyFileSync(join(ROOT, "models", "pack", SMALL), good);
    answerDialogs(home, good);
    await browser.$(".model-import").$("button=Choose file…").click();
    await browser.$(".model-import .check-ok").waitForExist({ timeout: 60000 });
    assert.match(await browser.$(".model-import .check-ok").getText(), /\(llama\)/);
    await browser.$(".model-import input[type='radio']:not(:checked)").click(); // use it where it is
    await browser.$(".model-import").$("button=Import").click();
    await browser.waitUntil(async () => listed(browser, "school-model.gguf"), {
      timeout: 60000,
      timeoutMsg: "the imported model never appeared",
    });
    const imported = await card(browser, "school-model.gguf");
    assert.match(await imported.getText(), /Imported \(used where it is\)/);
    await browser.execute(() => {
      window.confirm = () => true;
    });
    // On a loaded machine the list may redraw between finding the card and clicking
    // it, and a click on the stale card is lost: the card is found again, and its
    // Remove clicked, until it is gone.
    await browser.waitUntil(
      async () => {
        const left = await card(browser, "school-model.gguf").catch(() => null);
        if (!left) return true;
        await left.$("button=Remove").click().catch(() => {});
        return false;
      },
      { timeout: 90000, interval: 5000, timeoutMsg: "the imported model was not removed" },
    );
  });
});
