// Measures time from launch to an interactive window, and memory at idle, for the built
// app.
// Usage: node scripts/measure-launch.mjs [runs] [binary]
//   runs    how many fresh profiles to measure (default 3; medians are reported)
//   binary  the app (default $LANTERN_APP_BINARY, else target/debug/lantern-app)
// Without a DISPLAY it runs itself under `xvfb-run -a`. The model pack is found as in the
// e2e tests: the debug build falls back to the checkout's models/pack, or set
// LANTERN_MODEL_DIR.
//
// - "window ready": the WebDriver session is up (the app process started and its
//   webview answers), measured from the moment the app is asked to start;
// - "interactive": the navigation is rendered and answers a click (the Tutor page opens);
// - "model ready": the status bar says the default model is ready;
// - memory: resident set (VmRSS) of the app and every process it started (WebKit web and
//   network processes, the model worker), 20 s after the model became ready and the
//   course list showed; then again once the idle model worker was released (the app
//   stops it after $LANTERN_MODEL_RELEASE_SECS without a turn: 30 s here, 180 s by
//   default). Each run launches a fresh profile twice: the first launch imports the
//   sample course, the second is an ordinary start.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
const binary = args.find((a) => !/^\d+$/.test(a));
if (binary) process.env.LANTERN_APP_BINARY = resolve(binary);

if (!process.env.DISPLAY) {
  const self = fileURLToPath(import.meta.url);
  const xvfb = ["-a", "-s", "-screen 0 1280x900x24", process.execPath, self, ...args];
  const result = spawnSync("xvfb-run", xvfb, { stdio: "inherit" });
  if (result.error) throw result.error;
  process.exit(result.status ?? 1);
}

// The driver reads LANTERN_APP_BINARY when it loads.
const { descendants, freshHome, launch, statusMatching } = await import("../tests/e2e/driver.mjs");

/** Friendlier names for /proc's 15-character process names. */
const LABELS = { "lantern-app": "app", WebKitWebProces: "WebKit web process", WebKitNetworkPr: "WebKit network process" };
const IDLE_MS = 20000;
// The driver passes this environment to the app.
process.env.LANTERN_MODEL_RELEASE_SECS ??= "30";
const RELEASE_WAIT_MS = 90000;

/** The app's processes with readable names: the model worker is the app binary too. */
function appProcesses(driverPid) {
  return descendants(driverPid).map((p) => ({
    ...p,
    name: p.cmdline.includes("--llm-worker") ? "model worker" : (LABELS[p.name] ?? p.name),
  }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Launches the app on `home`, measures, and stops it. */
async function measure(home) {
  const app = await launch(home);
  try {
    const windowReady = performance.now() - app.startedAt;
    await app.browser.$("button=Tutor").waitForExist({ timeout: 30000 });
    await app.browser.$("button=Tutor").click();
    await app.browser.$("h2=Tutor").waitForExist({ timeout: 10000 });
    const interactive = performance.now() - app.startedAt;
    await statusMatching(app.browser, /ready/, 180000);
    const modelReady = performance.now() - app.startedAt;
    // The first run imports the sample course; wait for it before idling.
    await app.browser.$("strong=Grade 10 Algebra").waitForExist({ timeout: 180000 });
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const procs = appProcesses(app.driverPid);
    const byName = {};
    for (const p of procs) byName[p.name] = (byName[p.name] ?? 0) + p.rssKb / 1024;
    const totalMb = procs.reduce((s, p) => s + p.rssKb, 0) / 1024;
    let released = null;
    for (let waited = 0; waited < RELEASE_WAIT_MS && released === null; waited += 1000) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = appProcesses(app.driverPid);
      if (!now.some((p) => p.name === "model worker")) released = now.reduce((s, p) => s + p.rssKb, 0) / 1024;
    }
    return { windowReady, interactive, modelReady, totalMb, releasedMb: released ?? NaN, byName };
  } finally {
    await app.stop();
  }
}

const phases = { "first run (imports the sample course)": [], "later runs": [] };
for (let i = 0; i < runs; i += 1) {
  const home = freshHome();
  for (const [phase, results] of Object.entries(phases)) {
    const r = await measure(home);
    results.push(r);
    console.log(`run ${i + 1}, ${phase}: window ${r.windowReady.toFixed(0)} ms, interactive ${r.interactive.toFixed(0)} ms, model ready ${r.modelReady.toFixed(0)} ms, idle RSS ${r.totalMb.toFixed(0)} MB, model released ${r.releasedMb.toFixed(0)} MB`);
  }
  rmSync(home, { recursive: true, force: true });
}
const names = [...new Set(Object.values(phases).flat().flatMap((r) => Object.keys(r.byName)))];
console.log(`\nmedian of ${runs} runs (${process.env.LANTERN_APP_BINARY ?? "target/debug/lantern-app"}):`);
console.log(`| launch | window ready | interactive | model ready | idle RSS total | ${names.join(" | ")} | idle RSS, model released |`);
console.log(`| --- | --- | --- | --- | --- | ${names.map(() => "---").join(" | ")} | --- |`);
for (const [phase, results] of Object.entries(phases)) {
  const ms = (key) => `${median(results.map((r) => r[key])).toFixed(0)} ms`;
  console.log(
    `| ${phase} | ${ms("windowReady")} | ${ms("interactive")} | ${ms("modelReady")} | ${median(results.map((r) => r.totalMb)).toFixed(0)} MB | ` +
      `${names.map((n) => `${median(results.map((r) => r.byName[n] ?? 0)).toFixed(0)} MB`).join(" | ")} | ` +
      `${median(results.map((r) => r.releasedMb)).toFixed(0)} MB |`,
  );
}
