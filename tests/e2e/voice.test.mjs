// End-to-end: voice input in the tutor's composer, in the real window, with the real
// speech model and no microphone. The app's default ALSA capture device is replaced (in
// its own $HOME/.asoundrc) by ALSA's file plugin reading a recording espeak-ng makes at
// test time, so the app's recorder, the speech worker, the mathematics detection, the
// confirm dialog and the tutor turn all run as they would with a student speaking.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { OUTPUT, freshHome, launch, statusMatching } from "./driver.mjs";

const SAID = "x squared plus three x equals ten";
const TURN_TIMEOUT = 240000;

/** Makes `home/.asoundrc` whose default capture device reads `SAID` as spoken audio
 * (16-bit mono 16 kHz raw, what the recorder asks the device for). */
function fakeMicrophone(home) {
  const wav = join(home, "said.wav");
  execFileSync("espeak-ng", ["-v", "en-us", "-s", "130", "-g", "4", "-w", wav, SAID]);
  const raw16k = join(home, "said.raw");
  // espeak-ng writes 22.05 kHz; sox is not assumed, so python resamples to 16 kHz by
  // linear interpolation (taking the nearest sample instead aliases enough that Whisper
  // base hears "equals n").
  const script = [
    "import array, sys, wave",
    "w = wave.open(sys.argv[1]); rate = w.getframerate()",
    "src = array.array('h', w.readframes(w.getnframes())); last = len(src) - 1",
    "def at(i):",
    "    x = i * rate / 16000; j = min(int(x), last); k = min(j + 1, last)",
    "    return int(src[j] + (src[k] - src[j]) * (x - int(x)))",
    "out = array.array('h', (at(i) for i in range(int(len(src) * 16000 / rate))))",
    "open(sys.argv[2], 'wb').write(out.tobytes())",
  ].join("\n");
  execFileSync("python3", ["-c", script, wav, raw16k]);
  writeFileSync(
    join(home, ".asoundrc"),
    `pcm.!default {\n  type file\n  slave.pcm "null"\n  file "/dev/null"\n  infile "${raw16k}"\n  format "raw"\n}\n`,
  );
  return readFileSync(raw16k).length / 32000;
}

describe("Voice input", () => {
  const home = freshHome();
  let app;
  let seconds;
  before(async () => {
    seconds = fakeMicrophone(home);
    app = await launch(home, { HOME: home });
  });
  after(async () => {
    await app?.stop();
  });

  it("records, transcribes, shows the detected LaTeX rendered and sends it as a tutor turn", async () => {
    const { browser } = app;
    await browser.setWindowSize(1440, 900);
    await browser.$("button=Tutor").click();
    await browser.$(".new-session option").waitForExist({ timeout: 180000, timeoutMsg: "the sample course was not imported" });
    await statusMatching(browser, /ready/, 180000);
    await browser.$("button=New session").click();
    await browser.$(".snapshot-panel").waitForExist({ timeout: 20000 });

    const mic = await browser.$("button[aria-label='Speak a message']");
    await browser.waitUntil(async () => (await mic.getAttribute("aria-disabled")) !== "true", {
      timeout: 20000,
      timeoutMsg: "the microphone button stayed unavailable",
    });
    await mic.click();
    await browser.$(".recording-bar .level-meter").waitForExist({ timeout: 10000 });
    // The whole sentence, and a little more, before Stop.
    await browser.pause(Math.ceil(seconds * 1000) + 1500);
    await browser.$(".recording-bar").$("button=Stop").click();

    const dialog = await browser.$(".voice-confirm");
    await dialog.waitForExist({ timeout: 60000, timeoutMsg: "no confirm dialog after transcription" });
    const heard = await browser.$(".voice-heard").getText();
    assert.match(heard.toLowerCase(), /squared/, `heard: ${heard}`);
    const latex = await browser.$(".voice-confirm input[type='text']").getValue();
    // What the app makes of the words is pinned by the detector's tests; the words
    // themselves are Whisper's, and on synthetic speech the last one wavers ("ten", "n").
    assert.match(latex.replace(/\s/g, ""), /^x\^2\+3x=\w+$/, `detected: ${latex}`);
    assert.ok(await browser.$(".voice-formula .katex").isExisting(), "the LaTeX is rendered by KaTeX");
    // KaTeX's fonts load on first use; the formula is drawn once they have.
    await browser.waitUntil(() => browser.execute(() => document.fonts.status === "loaded"), { timeout: 10000 });
    const width = await browser.execute(() => document.querySelector(".voice-formula .katex-html")?.getBoundingClientRect().width ?? 0);
    assert.ok(width > 20, `the formula has a visible width (${width}px)`);
    await browser.saveScreenshot(join(OUTPUT, "voice-confirm.png"));

    const before = (await browser.$$(".timeline > li")).length;
    await dialog.$("button=Send").click();
    await browser.waitUntil(async () => (await browser.$$(".timeline > li")).length >= before + 2, {
      timeout: TURN_TIMEOUT,
      timeoutMsg: "the spoken message and the tutor's reply did not appear",
    });
    await browser.waitUntil(async () => !(await browser.$(".message-streaming").isExisting()), { timeout: TURN_TIMEOUT });
    assert.ok(await browser.$(".timeline .katex").isExisting(), "the sent message shows its formula");
    await browser.saveScreenshot(join(OUTPUT, "voice-sent.png"));
  });

  it("Cancel while recording discards the audio and sends nothing", async () => {
    const { browser } = app;
    // On its own feet: a confirm dialog the test before left open is discarded first.
    const leftOpen = await browser.$(".voice-confirm");
    if (await leftOpen.isExisting()) {
      await leftOpen.$("button=Discard").click();
      await leftOpen.waitForExist({ reverse: true, timeout: 10000 });
    }
    const count = (await browser.$$(".timeline > li")).length;
    await browser.$("button[aria-label='Speak a message']").click();
    await browser.$(".recording-bar").waitForExist({ timeout: 10000 });
    await browser.$(".recording-bar").$("button=Cancel").click();
    await browser.$(".recording-bar").waitForExist({ reverse: true, timeout: 10000 });
    assert.equal(await browser.$(".voice-confirm").isExisting(), false);
    assert.equal((await browser.$$(".timeline > li")).length, count);
  });
});
