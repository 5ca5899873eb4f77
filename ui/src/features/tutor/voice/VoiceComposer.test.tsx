import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language, TutorInputView, VoiceEvent } from "../../../bindings";
import { i18next } from "../../../i18n";
import { Composer } from "../Composer";
import { createVoiceMock, MOCK_TRANSCRIPT } from "./mock";

type Args = Record<string, unknown>;
type Call = { cmd: string; args: Args };
type Options = Parameters<typeof createVoiceMock>[0];

/** The scripted voice backend, recording every command. With `hold`, `voice_stop` waits
 * for `release()` before it transcribes, so the test can look at the transcribing state. */
function backend(options: Options = {}, hold = false) {
  const handlers = createVoiceMock(options) as Record<string, (args: Args) => unknown>;
  const calls: Call[] = [];
  let release = () => {};
  mockIPC(async (cmd, args) => {
    calls.push({ cmd, args: args as Args });
    if (cmd === "voice_stop" && hold) await new Promise<void>((resolve) => (release = resolve));
    const handler = handlers[cmd];
    return handler ? handler(args as Args) : null;
  });
  return { calls, release: () => act(async () => release()), sent: (cmd: string) => calls.filter((c) => c.cmd === cmd) };
}

/** Sends `event` to the UI through the channel the recording was started with. */
function emit(calls: Call[], event: Partial<VoiceEvent> & Pick<VoiceEvent, "kind">) {
  const channel = calls.find((c) => c.cmd === "voice_start")!.args.onEvent as { onmessage: (e: VoiceEvent) => void };
  act(() => channel.onmessage({ level: 0, elapsedMs: 0, fraction: 0, ...event }));
}

function composer({ busy = false, language, onSend }: { busy?: boolean; language?: Language; onSend?: (input: TutorInputView) => Promise<boolean> } = {}) {
  const send = vi.fn(onSend ?? (async () => true));
  render(<Composer busy={busy} canStop={false} inputRef={{ current: null }} language={language} onSend={send} onStop={() => {}} />);
  return send;
}

/** The microphone, once the status has been asked. */
async function mic(name = "Speak a message") {
  const button = await screen.findByRole("button", { name });
  await waitFor(() => expect(button.title).not.toBe("Checking for a microphone…"));
  return button as HTMLButtonElement;
}

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

/** Records, stops and waits for the confirm dialog. */
async function recordAndStop() {
  await click(await mic());
  await click(within(screen.getByRole("group", { name: "Voice message" })).getByRole("button", { name: "Stop" }));
  return screen.findByRole("dialog", { name: "Check your spoken message" });
}

describe("voice input in the composer", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await i18next.changeLanguage("en");
  });

  it("keeps the microphone in place but disabled, with the reason, when there is no speech model", async () => {
    const { sent } = backend({ available: false });
    composer();
    const button = await mic();
    const reason = "Voice input needs the speech model, which is not in the model pack. Add it with “python3 models/fetch.py whisper-base”, or ask your school for a model pack that includes it.";
    await waitFor(() => expect(button.title).toBe(reason));
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(document.getElementById(button.getAttribute("aria-describedby")!)?.textContent).toBe(reason);
    await click(button);
    expect(sent("voice_start")).toHaveLength(0);
    expect(screen.queryByRole("group", { name: "Voice message" })).toBeNull();
  });

  it("says voice input is unavailable when the backend does not answer", async () => {
    mockIPC(() => null);
    composer();
    const button = await mic();
    expect(button.title).toBe("Voice input is not available on this computer.");
    expect(button.getAttribute("aria-disabled")).toBe("true");
  });

  it("is disabled while a reply streams", async () => {
    backend();
    composer({ busy: true });
    expect((await mic()).disabled).toBe(true);
  });

  it("records: a bar with the time and its limit, the level meter, Stop and Cancel", async () => {
    const { calls, sent } = backend();
    composer();
    const button = await mic();
    expect(button.getAttribute("aria-pressed")).toBe("false");
    await click(button);
    expect(sent("voice_start")[0].args.language).toBe("en");
    expect(button.getAttribute("aria-pressed")).toBe("true");
    const bar = screen.getByRole("group", { name: "Voice message" });
    // The mock's last level (0.4) after 300 ms.
    expect(within(bar).getByRole("meter", { name: "Microphone level" }).getAttribute("aria-valuenow")).toBe("40");
    expect(within(bar).getByRole("timer").textContent).toBe("0:00 / 0:30");
    emit(calls, { kind: "level", level: 0.9, elapsedMs: 4200 });
    expect(within(bar).getByRole("timer").textContent).toBe("0:04 / 0:30");
    expect(within(bar).getByRole("timer").getAttribute("aria-label")).toBe("0:04 recorded of at most 0:30");
    expect(within(bar).getByRole("meter").getAttribute("aria-valuenow")).toBe("90");
    expect(within(bar).getByRole("status").textContent).toMatch(/^Recording/);
    // Keyboard users land on Stop.
    expect(document.activeElement).toBe(within(bar).getByRole("button", { name: "Stop" }));
    expect(within(bar).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });

  it("stops, shows the transcription's progress, then the dialog with the LaTeX typeset", async () => {
    const { calls, release } = backend({}, true);
    composer();
    await click(await mic());
    const bar = screen.getByRole("group", { name: "Voice message" });
    await click(within(bar).getByRole("button", { name: "Stop" }));
    expect(within(bar).queryByRole("button", { name: "Stop" })).toBeNull();
    expect(within(bar).getByText("Transcribing… 0%")).toBeTruthy();
    emit(calls, { kind: "transcribing", fraction: 0.4 });
    expect(within(bar).getByText("Transcribing… 40%")).toBeTruthy();
    expect(within(bar).getByRole("progressbar").getAttribute("value")).toBe("40");
    expect(within(bar).getByRole("button", { name: "Cancel" })).toBeTruthy();
    await release();

    const dialog = await screen.findByRole("dialog", { name: "Check your spoken message" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(within(dialog).getByText(MOCK_TRANSCRIPT.text)).toBeTruthy();
    const message = within(dialog).getByLabelText("Message") as HTMLTextAreaElement;
    const latex = within(dialog).getByLabelText("Formula (LaTeX)") as HTMLInputElement;
    expect(message.value).toBe("$x^2 + 3x = 10$");
    expect(latex.value).toBe("x^2 + 3x = 10");
    expect(document.activeElement).toBe(message);
    expect(dialog.querySelector(".katex")).toBeTruthy();
    expect(dialog.querySelector("annotation")?.textContent).toBe("x^2 + 3x = 10");
    expect(screen.queryByRole("group", { name: "Voice message" })).toBeNull();
  });

  it("re-renders the formula as the LaTeX is edited, and previews $…$ in the message", async () => {
    backend();
    composer();
    const dialog = await recordAndStop();
    fireEvent.change(within(dialog).getByLabelText("Formula (LaTeX)"), { target: { value: "\\frac{1}{2}x = 5" } });
    expect(dialog.querySelector(".voice-formula annotation")?.textContent).toBe("\\frac{1}{2}x = 5");
    expect(dialog.querySelector(".voice-formula .katex .mfrac")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Message"), { target: { value: "so $y^3$ is" } });
    const previews = within(dialog).getAllByLabelText("Preview");
    expect(previews.some((p) => p.querySelector("annotation")?.textContent === "y^3")).toBe(true);
  });

  it("Send hands the edited, trimmed fields to onSend and closes", async () => {
    backend();
    const onSend = composer();
    const dialog = await recordAndStop();
    fireEvent.change(within(dialog).getByLabelText("Message"), { target: { value: "  Is $x^2 + 3x = 10$ right?  " } });
    fireEvent.change(within(dialog).getByLabelText("Formula (LaTeX)"), { target: { value: " x^2 + 3x = 10 " } });
    await click(within(dialog).getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ text: "Is $x^2 + 3x = 10$ right?", latex: "x^2 + 3x = 10", clientEvent: null });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("Your message"));
  });

  it("sends null for an empty field, and cannot send when both are empty", async () => {
    backend();
    const onSend = composer();
    const dialog = await recordAndStop();
    const send = within(dialog).getByRole("button", { name: "Send" }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText("Message"), { target: { value: "   " } });
    fireEvent.change(within(dialog).getByLabelText("Formula (LaTeX)"), { target: { value: "" } });
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Formula (LaTeX)"), { target: { value: "x = 2" } });
    expect(send.disabled).toBe(false);
    await click(send);
    expect(onSend).toHaveBeenCalledWith({ text: null, latex: "x = 2", clientEvent: null });
  });

  it("shows no LaTeX field when no maths was heard", async () => {
    backend({ transcript: { text: "what is a prime", message: "what is a prime", latex: null, language: "en", seconds: 1.5 } });
    const onSend = composer();
    const dialog = await recordAndStop();
    expect(within(dialog).queryByLabelText("Formula (LaTeX)")).toBeNull();
    fireEvent.keyDown(within(dialog).getByLabelText("Message"), { key: "Enter" });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ text: "what is a prime", latex: null, clientEvent: null }));
  });

  it("opens the dialog again with what was written when the turn is not saved", async () => {
    backend();
    const onSend = composer({ onSend: async () => false });
    const dialog = await recordAndStop();
    fireEvent.change(within(dialog).getByLabelText("Message"), { target: { value: "x^2 + 3x = 11" } });
    await click(within(dialog).getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
    const again = await screen.findByRole("dialog", { name: "Check your spoken message" });
    expect((within(again).getByLabelText("Message") as HTMLTextAreaElement).value).toBe("x^2 + 3x = 11");
    expect((within(again).getByLabelText("Formula (LaTeX)") as HTMLInputElement).value).toBe("x^2 + 3x = 10");
    expect(within(again).getByRole("alert").textContent).toBe("The message was not sent. It is still here: try again.");
  });

  it("Discard and Escape drop the transcript without sending", async () => {
    backend();
    const onSend = composer();
    let dialog = await recordAndStop();
    await click(within(dialog).getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Speak a message" }));
    dialog = await recordAndStop();
    fireEvent.keyDown(within(dialog).getByLabelText("Formula (LaTeX)"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("keeps Tab inside the dialog", async () => {
    backend();
    composer();
    const dialog = await recordAndStop();
    const send = within(dialog).getByRole("button", { name: "Send" });
    send.focus();
    fireEvent.keyDown(send, { key: "Tab" });
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Message"));
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(send);
  });

  it("Cancel and Escape stop the recording and discard it", async () => {
    const { sent } = backend();
    const onSend = composer();
    await click(await mic());
    await click(within(screen.getByRole("group", { name: "Voice message" })).getByRole("button", { name: "Cancel" }));
    expect(sent("voice_cancel")).toHaveLength(1);
    expect(screen.queryByRole("group", { name: "Voice message" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Speak a message" }));
    await click(await mic());
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "Escape" }));
    expect(sent("voice_cancel")).toHaveLength(2);
    expect(screen.queryByRole("group", { name: "Voice message" })).toBeNull();
    expect(sent("voice_stop")).toHaveLength(0);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("cancelling during the transcription ignores its result", async () => {
    const { sent, release } = backend({}, true);
    composer();
    await click(await mic());
    await click(within(screen.getByRole("group", { name: "Voice message" })).getByRole("button", { name: "Stop" }));
    await click(within(screen.getByRole("group", { name: "Voice message" })).getByRole("button", { name: "Cancel" }));
    expect(sent("voice_cancel")).toHaveLength(1);
    await release();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("group", { name: "Voice message" })).toBeNull();
  });

  it("pressing the microphone again stops the recording", async () => {
    const { sent } = backend();
    composer();
    const button = await mic();
    await click(button);
    await click(button);
    expect(sent("voice_stop")).toHaveLength(1);
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });

  it("stops by itself when the time limit is reached", async () => {
    const { sent } = backend({ limit: true });
    composer();
    await click(await mic());
    await waitFor(() => expect(sent("voice_stop")).toHaveLength(1));
    expect(await screen.findByRole("dialog", { name: "Check your spoken message" })).toBeTruthy();
  });

  it("shows a failure's text with a dismiss button, keeping what was typed", async () => {
    backend({ stopError: "voice_no_speech" });
    composer();
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "my half-typed question" } });
    await click(await mic());
    await click(within(screen.getByRole("group", { name: "Voice message" })).getByRole("button", { name: "Stop" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Nothing was heard. Try again, speaking a little closer to the microphone.");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((screen.getByLabelText("Your message") as HTMLTextAreaElement).value).toBe("my half-typed question");
    await click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows why a recording could not start", async () => {
    mockIPC((cmd) => {
      if (cmd === "voice_status") return { available: true, model: "whisper-base", error: null, maxSeconds: 30 };
      if (cmd === "voice_start") throw { code: "voice_no_microphone", message: "no capture device" };
      return null;
    });
    composer();
    await click(await mic());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "No microphone was found, or Lantern was not allowed to use it. Connect a microphone, check that it is not muted or blocked, then try again.",
    );
    expect(screen.queryByRole("group", { name: "Voice message" })).toBeNull();
  });

  it("records in the conversation's language when the composer knows it", async () => {
    const { sent } = backend();
    composer({ language: "es" });
    await click(await mic());
    expect(sent("voice_start")[0].args.language).toBe("es");
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    const { sent } = backend();
    const onSend = composer();
    await click(await mic("Dictar un mensaje"));
    expect(sent("voice_start")[0].args.language).toBe("es");
    const bar = screen.getByRole("group", { name: "Mensaje de voz" });
    expect(within(bar).getByRole("meter", { name: "Nivel del micrófono" })).toBeTruthy();
    expect(within(bar).getByRole("button", { name: "Cancelar" })).toBeTruthy();
    await click(within(bar).getByRole("button", { name: "Detener" }));
    const dialog = await screen.findByRole("dialog", { name: "Revisa tu mensaje dictado" });
    expect(within(dialog).getByText("Lo que entendió Lantern")).toBeTruthy();
    expect(within(dialog).getByLabelText("Mensaje")).toBeTruthy();
    expect(within(dialog).getByLabelText("Fórmula (LaTeX)")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Descartar" })).toBeTruthy();
    await click(within(dialog).getByRole("button", { name: "Enviar" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("shows a failure's Spanish text", async () => {
    await i18next.changeLanguage("es");
    backend({ available: false });
    composer();
    const button = await mic("Dictar un mensaje");
    await waitFor(() => expect(button.title).toMatch(/^El dictado necesita el modelo de voz/));
  });
});
