// The UI in headless Chromium against a scripted backend (mocked IPC): keyboard use,
// labels, language switch, coded errors, model status events, and bundled assets.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { OUTPUT, ROOT as root, openMockedUi } from "./harness.mjs";

const NAV_EN = ["Coach", "Tutor", "Reports", "Expenses", "Modules", "Models", "Settings"];

describe("Lantern UI in Chromium (mocked IPC)", () => {
  let ui;
  let page;
  /** Page errors, console errors, failed or remote requests, over the whole suite. */
  let errors = [];

  before(async () => {
    ui = await openMockedUi({ width: 1200, height: 800 });
    ({ page, errors } = ui);
  });

  after(async () => {
    await ui?.close();
  });

  it("renders the window title, the navigation and the status bar", async () => {
    assert.equal(await page.title(), "Lantern");
    const nav = page.getByRole("navigation", { name: "Workspaces" });
    assert.deepEqual(await nav.getByRole("listitem").allTextContents(), NAV_EN);
    assert.equal(await nav.getByRole("button", { name: "Coach" }).getAttribute("aria-current"), "page");
    const status = page.getByRole("status");
    await status.getByText("Profile: Student").waitFor();
    const overflowing = await page.evaluate(() => {
      const sidebar = document.querySelector("nav.sidebar").getBoundingClientRect();
      return [...document.querySelectorAll("nav.sidebar *")]
        .filter((el) => el.getBoundingClientRect().right > sidebar.right + 0.5)
        .map((el) => el.outerHTML.slice(0, 80));
    });
    assert.deepEqual(overflowing, [], "nothing sticks out of the sidebar");
    await status.getByText("Lantern 0.1.0").waitFor();
    await page.screenshot({ path: join(OUTPUT, "frame.png") });
  });

  it("reaches every workspace with the keyboard, with a visible focus ring", async () => {
    await page.locator("body").focus();
    const reached = [];
    for (let i = 0; i < 20 && reached.at(-1)?.text !== "Settings"; i += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        return {
          text: el.textContent ?? "",
          inNav: Boolean(el.closest("nav")),
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
          visible: el.matches(":focus-visible"),
        };
      });
      if (focused.inNav && NAV_EN.includes(focused.text)) reached.push(focused);
    }
    assert.deepEqual(reached.map((f) => f.text), NAV_EN, "Tab visits the navigation in order");
    for (const f of reached) {
      assert.ok(f.visible, `${f.text} matches :focus-visible`);
      assert.match(f.outline, /^solid [2-9](\.\d+)?px$/, `${f.text} has a visible outline (${f.outline})`);
    }
    // Back to Tutor with Shift+Tab, then Enter opens it.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press("Shift+Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Tutor");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 2, name: "Tutor" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Tutor" }).getAttribute("aria-current"), "page");
    await page.screenshot({ path: join(OUTPUT, "keyboard-focus.png") });
  });

  it("creates a profile and switches to it; a taken name gives its coded error", async () => {
    const form = page.getByRole("form", { name: "New profile" });
    await form.getByLabel("Name of the new profile").fill("Ana");
    await form.getByRole("button", { name: "Create" }).click();
    await page.getByRole("status").getByText("Profile: Ana").waitFor();
    assert.equal(await page.getByLabel("Profile", { exact: true }).inputValue(), "2");
    await form.getByLabel("Name of the new profile").fill("student");
    await form.getByRole("button", { name: "Create" }).click();
    assert.equal(
      await page.locator(".profiles").getByRole("alert").textContent(),
      "A profile with that name already exists.",
    );
    await page.getByLabel("Profile", { exact: true }).selectOption("1");
    await page.getByRole("status").getByText("Profile: Student").waitFor();
    assert.equal(await page.locator(".profiles").getByRole("alert").count(), 0);
  });

  it("labels every control on the Settings page", async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    await page.locator("form.settings").waitFor();
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll("input, select, textarea")]
        .filter((el) => !(el.labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")))
        .map((el) => el.outerHTML),
    );
    assert.deepEqual(unlabelled, []);
    const unnamedButtons = await page.evaluate(() =>
      [...document.querySelectorAll("form.settings button")]
        .filter((b) => !(b.textContent?.trim() || b.getAttribute("aria-label")))
        .map((b) => b.outerHTML),
    );
    assert.deepEqual(unnamedButtons, []);
    await page.screenshot({ path: join(OUTPUT, "settings.png") });
  });

  it("opens the Models page from Settings: every model fits 1024 px, and a bad GGUF gives its coded error", async () => {
    await page.getByRole("button", { name: "Open the Models page" }).click();
    await page.getByRole("article", { name: "smollm2-135m-instruct" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Models" }).getAttribute("aria-current"), "page");
    await page.getByText(/^Automatic choice: smollm2-135m-instruct — the best eval score/).waitFor();
    await page.setViewportSize({ width: 1024, height: 768 });
    const overflow = await page.evaluate(() => {
      const main = document.querySelector("main.workspace");
      return main.scrollWidth - main.clientWidth;
    });
    assert.ok(overflow <= 0, `no horizontal overflow at 1024 px (${overflow} px)`);
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll(".models-page input")]
        .filter((el) => !(el.labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")))
        .map((el) => el.outerHTML),
    );
    assert.deepEqual(unlabelled, []);
    await page.screenshot({ path: join(OUTPUT, "models.png"), fullPage: true });
    // The app's file dialog (scripted) answers with a text file.
    await page.getByRole("button", { name: "Choose file…" }).click();
    assert.match(await page.locator(".model-import").getByRole("alert").textContent(), /^That file is not a usable GGUF model/);
    await page.screenshot({ path: join(OUTPUT, "models-error.png") });
    await page.setViewportSize({ width: 1200, height: 800 });
  });

  it("shows loading with a progress bar, then ready, from model status events", async () => {
    const status = page.locator("footer.status-bar");
    await status.getByText("Model: loading SmolLM2-135M-Instruct.Q4_1.gguf (40 %)…").waitFor();
    assert.equal(await status.locator("progress").count(), 1);
    await page.evaluate(() =>
      window.lanternMock.emit("model-status-changed", { state: "ready", model: "SmolLM2-135M-Instruct.Q4_1.gguf" }),
    );
    await status.getByText("Model: SmolLM2-135M-Instruct.Q4_1.gguf ready").waitFor();
    await page.evaluate(() =>
      window.lanternMock.emit("model-status-changed", { state: "restarting", model: "SmolLM2-135M-Instruct.Q4_1.gguf" }),
    );
    await status.getByText(/restarting/).waitFor();
  });

  it("typesets course formulas with the bundled KaTeX", async () => {
    await page.getByRole("button", { name: "Tutor" }).click();
    await page.getByLabel("Search the course material").fill("discriminant");
    await page.getByRole("button", { name: "Search" }).click();
    await page.locator("ol.passages .katex").first().waitFor();
    assert.equal(await page.locator("ol.passages .katex-display").count(), 1);
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((f) => f.family.includes("KaTeX") && f.status === "loaded");
    });
    assert.ok(fontLoaded, "a KaTeX font was loaded from the app itself");
    await page.screenshot({ path: join(OUTPUT, "katex.png") });
  });

  it("switches the interface to Spanish", async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("Language").selectOption("es");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Entrenador" }).waitFor();
    const nav = await page.getByRole("navigation").getByRole("listitem").allTextContents();
    assert.deepEqual(nav, ["Entrenador", "Tutor", "Informes", "Gastos", "Módulos", "Modelos", "Ajustes"]);
    await page.getByRole("status").getByText("Perfil: Student").waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "es");
    await page.screenshot({ path: join(OUTPUT, "spanish.png") });
  });

  it("raised no page errors, console errors, failed or remote requests", () => {
    assert.deepEqual(errors, []);
  });
});

describe("production build", () => {
  it("bundles its fonts and KaTeX, with no remote address", async () => {
    delete process.env.LANTERN_MOCK_IPC;
    const outDir = join(root, "target", "ui-dist-check");
    await build({ configFile: join(root, "ui", "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
    const files = readdirSync(join(outDir, "assets"));
    assert.ok(files.some((f) => /^KaTeX_.*\.woff2$/.test(f)), "KaTeX fonts");
    assert.ok(files.some((f) => /^inter-latin-400.*\.woff2$/.test(f)), "Inter font");
    for (const f of files.filter((f) => /\.(js|css|html)$/.test(f)).concat(["../index.html"])) {
      const text = readFileSync(join(outDir, "assets", f), "utf8");
      const remote = text.match(
        /url\(\s*["']?(?:https?:)?\/\/[^)]*\)|@import\s+["']?(?:https?:)?\/\/|<(?:script|link)[^>]+(?:src|href)=["'](?:https?:)?\/\/|fonts\.(?:googleapis|gstatic)\.com|cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com/,
      );
      assert.equal(remote, null, `${f} loads something remote`);
    }
    assert.ok(!readFileSync(join(outDir, "index.html"), "utf8").includes("mockBackend"), "no mock in builds");
  });
});
