// Starts Debian's WebKitWebDriver and a WebDriver session on the built Lantern binary,
// with its data, config and cache folders in a temporary directory.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { remote } from "webdriverio";

/** Repository root. */
export const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
/** Where screenshots go. */
export const OUTPUT = join(ROOT, "test-output", "e2e");
/** How long a wait right after a launch may take: on a busy machine WebKit, the model
 * worker and the first-run imports all start at once. */
export const AFTER_LAUNCH = 90000;
/** The app binary: the debug build, or `LANTERN_APP_BINARY` (e.g. a release build). */
const APP = process.env.LANTERN_APP_BINARY ?? join(ROOT, "target", "debug", "lantern-app");

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function waitForDriver(port, child) {
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("WebKitWebDriver did not start");
}

const homes = [];
// The homes go when the test file's process ends with every test passed; after a failure
// they stay, with the app's data and logs, to be looked at.
process.on("exit", (code) => {
  if (code === 0) homes.forEach((home) => rmSync(home, { recursive: true, force: true }));
});

/** A fresh home for the app: its own XDG folders, so nothing touches the user's. */
export function freshHome() {
  const home = mkdtempSync(join(tmpdir(), "lantern-e2e-"));
  homes.push(home);
  return home;
}

/** The app's next file dialogs (it opens them itself; WebDriver cannot drive a native
 * dialog) answer with `paths`, one a line; none: cancelled. A debug build reads this file
 * (`LANTERN_TEST_PICK`, set by `launch`) at each dialog; a release build ignores it. */
export function answerDialogs(home, ...paths) {
  writeFileSync(join(home, "picks"), paths.join("\n"));
}

/** Starts the driver and opens the app; returns the browser, a stop function, when the
 * app was asked to start (`performance.now()`) and the driver's process id. With
 * `wrapper`, the driver starts that program with the app's path as its argument (e.g. a
 * tracer that runs the app). */
export async function launch(home, extraEnv = {}, wrapper = null) {
  if (!existsSync(APP)) throw new Error(`${APP} is missing: run \`npm run tauri build -- --debug --no-bundle\``);
  mkdirSync(OUTPUT, { recursive: true });
  const port = await freePort();
  const env = {
    ...process.env,
    TAURI_WEBVIEW_AUTOMATION: "true",
    XDG_DATA_HOME: join(home, "data"),
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_CACHE_HOME: join(home, "cache"),
    OMP_WAIT_POLICY: "PASSIVE",
    // The small model, not the automatic choice: no speed measurements in the
    // background of other tests (tests/e2e/models.test.mjs clears it).
    LANTERN_MODEL: "pack:smollm2-135m-instruct",
    LANTERN_TEST_PICK: join(home, "picks"),
    ...extraEnv,
  };
  // The driver's and the app's output go to a log file, not to this process: an app
  // that outlived its session would otherwise hold the test runner's pipe open.
  const log = openSync(join(OUTPUT, "webdriver.log"), "a");
  const driver = spawn("WebKitWebDriver", [`--port=${port}`], { env, stdio: ["ignore", log, log] });
  await waitForDriver(port, driver);
  const startedAt = performance.now();
  const browser = await remote({
    hostname: "127.0.0.1",
    port,
    logLevel: "warn",
    capabilities: {
      "webkitgtk:browserOptions": wrapper ? { binary: wrapper, args: [APP] } : { binary: APP, args: [] },
      "wdio:enforceWebDriverClassic": true,
    },
  });
  const stop = async () => {
    const started = descendants(driver.pid).map((p) => p.pid);
    await browser.deleteSession().catch(() => {});
    driver.kill();
    await endAll(started);
  };
  return { browser, stop, startedAt, driverPid: driver.pid };
}

/** Waits until the status bar's text matches `pattern`; returns that text. The bar is
 * looked up at every poll, so a window that re-renders it is still read. When the wait
 * times out, what the window showed is kept for the record (`status-timeout-*` in
 * test-output/e2e: a screenshot and the page's HTML) and named in the error with the
 * page's address and load state: a blank window and a slow model read differently. */
export async function statusMatching(browser, pattern, timeout = 60000) {
  let text = "";
  try {
    await browser.waitUntil(
      async () => {
        const status = await browser.$("footer.status-bar");
        text = (await status.isExisting()) ? await status.getText() : "";
        return pattern.test(text);
      },
      { timeout },
    );
  } catch (error) {
    const record = await windowRecord(browser);
    throw new Error(`status bar never matched ${pattern} (${error.message}); last: "${text}"; ${record}`, { cause: error });
  }
  return text;
}

let timeouts = 0;

/** Keeps a screenshot and the HTML of the window in test-output/e2e and returns where,
 * with the page's address, load state and body length. */
async function windowRecord(browser) {
  timeouts += 1;
  const base = join(OUTPUT, `status-timeout-${process.pid}-${timeouts}`);
  const state = await browser
    .execute(() => `${location.href} ${document.readyState}, body ${document.body?.innerHTML.length ?? -1} characters`)
    .catch((e) => `page not readable (${e.message})`);
  await browser.saveScreenshot(`${base}.png`).catch(() => {});
  const html = await browser.getPageSource().catch((e) => `page source not readable (${e.message})`);
  writeFileSync(`${base}.html`, html);
  return `window: ${state}; kept as ${base}.png/.html`;
}

/** Opens Settings and returns once its form is shown. */
export async function openSettings(browser, label = "Settings") {
  await browser.$(`button=${label}`).click();
  await browser.$("form.settings").waitForExist({ timeout: 10000 });
}

/** Opens the Tutor, waits for the sample course (imported on first run), searches it for
 * `query` and returns the first passage's text. `timeout` bounds the search itself: the
 * app under the egress tracer runs several times slower. */
export async function searchSampleCourse(browser, query, timeout = 180000) {
  await browser.$("button=Tutor").click();
  const course = await browser.$("strong=Grade 10 Algebra");
  await course.waitForExist({ timeout: 120000, timeoutMsg: "the sample course was not imported" });
  const form = await browser.$("form.course-search");
  const input = await form.$("input[type='search']");
  const button = await form.$("button[type='submit']");
  const ended = async () =>
    !(await form.$(".searching").isExisting()) &&
    ((await form.$("ol.passages li").isExisting()) ||
      (await form.$("[role='alert']").isExisting()) ||
      (await form.$("p=Nothing in this course matches.").isExisting()));
  // The first search loads the sentence embedder, perhaps beside the sample module's
  // import on a busy machine. A click that lands before the typed query has enabled
  // Search starts nothing: while no search runs and none has ended, type and click again.
  await browser.waitUntil(
    async () => {
      if (await ended()) return true;
      if (!(await form.$(".searching").isExisting())) {
        if ((await input.getValue()) !== query) await input.setValue(query);
        if (await button.isClickable()) await button.click();
      }
      return ended();
    },
    { timeout, interval: 2000, timeoutMsg: "the search never finished" },
  );
  const failure = await form.$("[role='alert']");
  assert.ok(!(await failure.isExisting()), `the search failed: ${await failure.getText().catch(() => "")}`);
  const first = await form.$("ol.passages li");
  assert.ok(await first.isExisting(), "the search found nothing");
  return first.getText();
}

/** Opens the Coach and starts an argument titled `title`; returns once its first question shows. */
export async function startArgument(browser, title) {
  await browser.$("button=Coach").click();
  await browser.$("label=Topic of a new argument").waitForExist({ timeout: 20000 });
  await browser.$(".new-argument input").setValue(title);
  await browser.$("button=Start").click();
  await browser.$(".message-assistant").waitForExist({ timeout: 10000 });
}

/** Sends `text` to the coach and waits for the reply to finish streaming, with no error. */
export async function sendToCoach(browser, text) {
  const before = (await browser.$$(".message-assistant")).length;
  await browser.$(".chat-input textarea").setValue(text);
  await browser.$("button=Send").click();
  await browser.waitUntil(
    async () =>
      (await browser.$$(".message-assistant:not(.message-streaming)")).length > before &&
      !(await browser.$(".message-streaming").isExisting()),
    { timeout: 120000, timeoutMsg: `no reply from the coach to: ${text}` },
  );
  const replies = await browser.$$(".message-assistant");
  assert.ok((await replies[replies.length - 1].getText()).trim().length > 0, "the reply has text");
  assert.equal((await browser.$$("[role='alert']")).length, 0, "no error");
}

/** Every process below `root`, with its name, command line and resident memory in KB. */
export function descendants(root) {
  const all = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const field = (name) => status.match(new RegExp(`^${name}:\\s+(.*)$`, "m"))?.[1] ?? "";
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
        return { pid: Number(pid), ppid: Number(field("PPid")), name: field("Name"), cmdline, rssKb: Number.parseInt(field("VmRSS"), 10) || 0 };
      } catch {
        return null; // the process ended while being read
      }
    })
    .filter(Boolean);
  const found = [];
  let frontier = [root];
  while (frontier.length) {
    const children = all.filter((p) => frontier.includes(p.ppid));
    found.push(...children);
    frontier = children.map((p) => p.pid);
  }
  return found;
}

/** Waits up to 5 s for `pids` to exit on their own, then kills those left (an app whose
 * session ended badly must not outlive its test). */
async function endAll(pids) {
  for (let i = 0; i < 50 && pids.some((pid) => existsSync(`/proc/${pid}`)); i += 1) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
