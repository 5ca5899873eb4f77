// Shared by the browser suites: the UI served by Vite with the scripted backend injected
// (LANTERN_MOCK_IPC=1), opened in headless Debian Chromium, with every page error,
// console error, failed or remote request collected.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { createServer } from "vite";

/** Repository root. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where screenshots go. */
export const OUTPUT = join(ROOT, "test-output", "browser");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Serves the UI against the scripted backend and opens it at `viewport` (with `query`
 * after its address, e.g. `?class=40x60`); returns the page, the errors seen so far (a
 * live list) and `close`. */
export async function openMockedUi(viewport, query = "") {
  mkdirSync(OUTPUT, { recursive: true });
  process.env.LANTERN_MOCK_IPC = "1";
  const server = await createServer({
    configFile: join(ROOT, "ui", "vite.config.ts"),
    server: { port: 0, strictPort: false },
    logLevel: "warn",
  });
  await server.listen();
  const origin = new URL(server.resolvedUrls.local[0]).origin;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
  page.on("request", (r) => !r.url().startsWith(origin) && errors.push(`remote request: ${r.url()}`));
  await page.goto(server.resolvedUrls.local[0] + query);
  await page.getByRole("navigation", { name: "Workspaces" }).waitFor();
  const close = async () => {
    await browser.close();
    await server.close();
  };
  return { page, errors, close };
}

/** Elements wider than the window or sticking out of the workspace, if any; elements
 * inside `scrolling` (a selector list of areas that scroll on their own) do not count. */
export function overflow(page, scrolling = "") {
  return page.evaluate((scrolling) => {
    const area = document.querySelector("main.workspace").getBoundingClientRect();
    const outside = [...document.querySelectorAll("main.workspace *")]
      .filter((el) => !scrolling || !el.closest(scrolling))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > area.right + 1 || r.left < area.left - 1);
      })
      .map((el) => el.outerHTML.slice(0, 80));
    return { page: document.documentElement.scrollWidth > innerWidth, outside };
  }, scrolling);
}
