// The UI in headless Chromium against a scripted backend (mocked IPC): keyboard use,
// labels, language switch, coded errors, model status events, and bundled assets.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { build, createServer } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));
const OUTPUT = join(root, "test-output", "browser");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

describe("Lantern UI in Chromium (mocked IPC)", () => {
  let server;
  let browser;
  let page;

  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    process.env.LANTERN_MOCK_IPC = "1";
    server = await createServer({
      configFile: join(root, "ui", "vite.config.ts"),
      server: { port: 0, strictPort: false },
      logLevel: "warn",
    });
    await server.listen();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
    page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e));
    await page.goto(server.resolvedUrls.local[0]);
    await page.getByRole("navigation", { name: "Workspaces" }).waitFor();
    assert.deepEqual(errors, []);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it("reaches every workspace with the keyboard, with a visible focus ring", async () => {
    await page.locator("body").focus();
    let focused = "";
    for (let i = 0; i < 10 && focused !== "Tutor"; i += 1) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    }
    assert.equal(focused, "Tutor");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, "none");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 2, name: "Tutor" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Tutor" }).getAttribute("aria-current"), "page");
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
  });

  it("shows a model file's coded error", async () => {
    await page.getByLabel("Model file (GGUF)").fill("/tmp/notes.txt");
    await page.getByRole("button", { name: "Check file" }).click();
    assert.equal(await page.getByRole("alert").textContent(), "That file is not a usable GGUF model.");
    await page.screenshot({ path: join(OUTPUT, "settings-error.png") });
  });

  it("shows loading with a progress bar, then ready, from model status events", async () => {
    const status = page.locator("footer.status-bar");
    await status.getByText("Model: loading SmolLM2-135M-Instruct.Q4_1.gguf…").waitFor();
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
    assert.equal(await page.locator("html").getAttribute("lang"), "es");
    await page.screenshot({ path: join(OUTPUT, "spanish.png") });
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
      const remote = text.match(/url\(\s*["']?https?:\/\/[^)]*\)|<(?:script|link)[^>]+(?:src|href)=["']https?:/);
      assert.equal(remote, null, `${f} loads something remote`);
    }
    assert.ok(!readFileSync(join(outDir, "index.html"), "utf8").includes("mockBackend"), "no mock in builds");
  });
});
