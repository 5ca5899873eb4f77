// End-to-end egress test: no process of the app or the CLI tries to reach the network.
// The app's first run (fresh home, sample course imported, a search, a coach turn with the
// real model, a setting saved), its restart, and the CLI's commands all run under
// traced.sh (strace -f: every connect/sendto/sendmsg/sendmmsg of every process and thread);
// egress.mjs judges the traces. Telemetry written to disk for a later upload fails it too.
// What the watcher saw: test-output/e2e/egress-report.txt.
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { analyze, describe as describeAttempt, report } from "./egress.mjs";
import {
  OUTPUT,
  ROOT,
  descendants,
  freshHome,
  launch,
  openSettings,
  searchSampleCourse,
  sendToCoach,
  startArgument,
  statusMatching,
} from "./driver.mjs";

const TRACER = join(ROOT, "tests", "e2e", "traced.sh");
const CLI = process.env.LANTERN_CLI_BINARY ?? join(ROOT, "target", "debug", "lantern");
/** How long the app is watched after its last action: a library's telemetry once fired
 * ~3 s after the first-run import. */
const QUIET_MS = 30000;

/** Where ONNX Runtime's 1DS telemetry keeps a device id and the events it has not sent
 * yet (under XDG_CACHE_HOME): found, it means events are queued for a later upload. */
const TELEMETRY_STORE = join("cache", "Microsoft", "DeveloperTools", ".onnxruntime");

/** Whether `pid` is still running (a zombie waiting for its parent counts as ended). */
function running(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Waits up to `ms` for `pid` to end; returns whether it did. */
async function ended(pid, ms) {
  for (let waited = 0; running(pid) && waited < ms; waited += 200) await sleep(200);
  return !running(pid);
}

/** Ends a traced app and then its driver; returns how the app ended. The window is closed
 * (the app quits after its last window) or, failing that, the app's processes are killed;
 * strace exits once every process it watches has, so its trace covers the app's whole life. */
async function stopWatched(app) {
  const tracer = descendants(app.driverPid).find((p) => p.name === "strace");
  assert.ok(tracer, "the app runs under strace");
  await app.browser.closeWindow().catch(() => {});
  let how = "its window closed, the app quit";
  if (!(await ended(tracer.pid, 20000))) {
    how = "killed: closing its window did not end it within 20 s";
    for (const { pid } of descendants(tracer.pid)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // ended meanwhile
      }
    }
  }
  assert.ok(await ended(tracer.pid, 10000), "strace outlived the app");
  await app.stop();
  return how;
}

describe("Egress: nothing reaches the network", () => {
  const home = freshHome(); // the app's
  const cliHome = freshHome(); // the CLI's, so the app's first run finds a fresh home
  const traceDir = join(cliHome, "traces");
  mkdirSync(traceDir);
  const traces = []; // { label, source }: one strace output file each
  let control = null;
  let app = null;

  /** A new trace file for what `label` names. */
  function traceFile(label) {
    const source = join(traceDir, `${traces.length + 1}.trace`);
    traces.push({ label, source });
    return source;
  }

  /** Runs `program args` to completion under the watcher; returns its result. */
  function runTraced(label, program, args) {
    const result = spawnSync(TRACER, [program, ...args], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 300000,
      env: {
        ...process.env,
        XDG_DATA_HOME: join(cliHome, "data"),
        XDG_CONFIG_HOME: join(cliHome, "config"),
        XDG_CACHE_HOME: join(cliHome, "cache"),
        OMP_WAIT_POLICY: "PASSIVE",
        LANTERN_EGRESS_TRACE: traceFile(label),
      },
    });
    assert.equal(result.status, 0, `${label} failed: ${result.error ?? ""}${result.stderr}`);
    return result;
  }

  after(async () => {
    await app?.stop();
  });

  // Connecting a UDP socket sends nothing on the wire, but is the same attempt to the watcher.
  it("catches a process that does reach out (control: a UDP socket connected to 192.0.2.1:53)", () => {
    const reach = "require('dgram').createSocket('udp4').connect(53, '192.0.2.1', () => process.exit(0))";
    runTraced("control", process.execPath, ["-e", reach]);
    const { source } = traces.pop(); // not part of the verdict below
    control = analyze([{ label: "control", text: readFileSync(source, "utf8") }]).blocked.map(describeAttempt);
    assert.equal(control.length, 1, `the watcher saw: ${control}`);
    assert.match(control[0], /^pid \d+ thread [^:]+: connect to 192\.0\.2\.1:53 \(DNS, port 53\)/);
  });

  it("runs the CLI: import, search, generate, embed, transcribe", () => {
    assert.ok(existsSync(CLI), `${CLI} is missing: run \`cargo build -p lantern-cli\``);
    const data = ["--data-dir", join(cliHome, "lantern")];
    const schema = join(cliHome, "answer.schema.json");
    writeFileSync(schema, JSON.stringify({ type: "object", properties: { answer: { type: "string", maxLength: 60 } }, required: ["answer"] }));
    runTraced("cli: course import", CLI, [...data, "course", "import", "courses/grade10-algebra"]);
    const search = runTraced("cli: search", CLI, [...data, "search", "--course", "grade10-algebra", "factorise trinomials"]);
    assert.match(search.stdout, /ALG-05/);
    runTraced("cli: generate", CLI, [...data, "generate", "--schema", schema, "--prompt", "What is 3 + 4?", "--max-tokens", "64"]);
    runTraced("cli: embed", CLI, [...data, "embed", "factorise x^2 + 5x + 6"]);
    // Voice input's path: the speech worker (CTranslate2, tokenizer) on spoken audio.
    const wav = join(cliHome, "spoken.wav");
    execFileSync("espeak-ng", ["-v", "en-us", "-w", wav, "x squared plus one"]);
    const spoken = runTraced("cli: transcribe", CLI, [...data, "transcribe", wav]);
    assert.match(spoken.stdout, /latex: +x\^2 \+ 1/);
  });

  it("runs the app's first run: sample course, search, coach turn, a setting", async () => {
    app = await launch(home, { LANTERN_EGRESS_TRACE: traceFile("app: first run") }, TRACER);
    const { browser } = app;
    await statusMatching(browser, /ready/, 120000);
    // Under the tracer every thread the app starts is watched: the first search (the
    // embedder loading beside the sample imports) may take minutes on a busy machine.
    assert.match(await searchSampleCourse(browser, "how do I factorise a trinomial", 600000), /ALG-05/);
    await startArgument(browser, "Phones in class");
    await sendToCoach(browser, "My claim: phones should stay in lockers during lessons because they distract students.");
    await openSettings(browser);
    await (await browser.$$("form.settings select"))[1].selectByAttribute("value", "dark");
    await browser.$("button=Save").click();
    await browser.$("p=Settings saved.").waitForExist({ timeout: 10000 });
    await sleep(QUIET_MS);
    traces.at(-1).note = `watched ${QUIET_MS / 1000} s after the last action; ${await stopWatched(app)}`;
    app = null;
  });

  it("restarts the app with the setting kept", async () => {
    app = await launch(home, { LANTERN_EGRESS_TRACE: traceFile("app: restart") }, TRACER);
    const { browser } = app;
    await statusMatching(browser, /ready/, 120000);
    assert.equal(await browser.execute(() => document.documentElement.dataset.theme), "dark");
    await sleep(QUIET_MS);
    traces.at(-1).note = `watched ${QUIET_MS / 1000} s after the last action; ${await stopWatched(app)}`;
    app = null;
  });

  it("saw no attempt to reach the network", () => {
    const seen = traces.map((t) => ({ ...t, text: existsSync(t.source) ? readFileSync(t.source, "utf8") : "" }));
    const result = analyze(seen);
    const queued = [home, cliHome].map((h) => join(h, TELEMETRY_STORE)).filter(existsSync);
    const footer = [
      "",
      `Telemetry stores (events queued for a later upload): ${queued.join(", ") || "none"}`,
      `Control (not in the verdict): node connecting a UDP socket to 192.0.2.1:53 was caught as: ${control ?? "(not run)"}`,
    ];
    mkdirSync(OUTPUT, { recursive: true });
    writeFileSync(join(OUTPUT, "egress-report.txt"), `${report(result)}${footer.join("\n")}\n`);
    for (const label of ["app: first run", "app: restart"]) {
      assert.ok(result.events.some((e) => e.label === label), `nothing traced for ${label}: was the watcher attached?`);
    }
    assert.deepEqual(result.blocked.map((e) => `[${e.label}] ${describeAttempt(e)}`), []);
    assert.deepEqual(queued, [], "telemetry was queued to be sent later");
  });
});
