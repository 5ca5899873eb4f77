import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { VoiceTranscriptView_Serialize } from "../../../bindings";
import { i18next } from "../../../i18n";
import { MOCK_TRANSCRIPT } from "./mock";
import { VoiceConfirm } from "./VoiceConfirm";

function dialog(props: Partial<Parameters<typeof VoiceConfirm>[0]> = {}, transcript: VoiceTranscriptView_Serialize = MOCK_TRANSCRIPT) {
  const onSend = vi.fn();
  const onDiscard = vi.fn();
  render(<VoiceConfirm transcript={transcript} draft={null} failed={false} busy={false} onSend={onSend} onDiscard={onDiscard} {...props} />);
  return { onSend, onDiscard, dialog: screen.getByRole("dialog", { name: "Check your spoken message" }) };
}

describe("VoiceConfirm", () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("shows what was heard in its language, and focuses the message", () => {
    const { dialog: d } = dialog({}, { ...MOCK_TRANSCRIPT, text: "equis al cuadrado", language: "es" });
    expect(within(d).getByText("equis al cuadrado").getAttribute("lang")).toBe("es");
    expect(document.activeElement).toBe(within(d).getByLabelText("Message"));
    expect(within(d).getByLabelText("Message").getAttribute("aria-describedby")).toBeTruthy();
  });

  it("typesets the LaTeX with KaTeX, and shows a formula that does not parse as its source", () => {
    const { dialog: d } = dialog();
    expect(d.querySelector(".voice-formula .katex")).toBeTruthy();
    fireEvent.change(within(d).getByLabelText("Formula (LaTeX)"), { target: { value: "\\frac{1}{" } });
    expect(d.querySelector(".voice-formula")?.textContent).toContain("\\frac{1}{");
    fireEvent.change(within(d).getByLabelText("Formula (LaTeX)"), { target: { value: "" } });
    expect(d.querySelector(".voice-formula .katex")).toBeNull();
  });

  it("starts from the draft of a failed send, with a note", () => {
    const { dialog: d } = dialog({ draft: { message: "edited", latex: "y = 1" }, failed: true });
    expect((within(d).getByLabelText("Message") as HTMLTextAreaElement).value).toBe("edited");
    expect((within(d).getByLabelText("Formula (LaTeX)") as HTMLInputElement).value).toBe("y = 1");
    expect(within(d).getByRole("alert").textContent).toBe("The message was not sent. It is still here: try again.");
  });

  it("Enter in the LaTeX field sends (an all-mathematics message as LaTeX only); nothing is sent while a reply streams", () => {
    const first = dialog({ busy: true });
    expect((within(first.dialog).getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(within(first.dialog).getByLabelText("Formula (LaTeX)"), { key: "Enter" });
    expect(first.onSend).not.toHaveBeenCalled();
    cleanup();
    const { onSend, dialog: d } = dialog();
    fireEvent.keyDown(within(d).getByLabelText("Formula (LaTeX)"), { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith(
      { text: null, latex: "x^2 + 3x = 10", clientEvent: null },
      { message: "$x^2 + 3x = 10$", latex: "x^2 + 3x = 10" },
    );
  });

  it("an all-mathematics message the student edited is sent with its words", () => {
    const { onSend, dialog: d } = dialog();
    fireEvent.change(within(d).getByLabelText("Message"), { target: { value: "Is $x^2 + 3x = 10$ right?" } });
    fireEvent.click(within(d).getByRole("button", { name: "Send" }));
    expect(onSend.mock.calls[0][0]).toEqual({ text: "Is $x^2 + 3x = 10$ right?", latex: "x^2 + 3x = 10", clientEvent: null });
  });

  it("Escape discards", () => {
    const { onDiscard, onSend, dialog: d } = dialog();
    fireEvent.keyDown(within(d).getByLabelText("Message"), { key: "Escape" });
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    render(<VoiceConfirm transcript={MOCK_TRANSCRIPT} draft={null} failed busy={false} onSend={() => {}} onDiscard={() => {}} />);
    const d = screen.getByRole("dialog", { name: "Revisa tu mensaje dictado" });
    expect(within(d).getByRole("button", { name: "Enviar" })).toBeTruthy();
    expect(within(d).getByRole("button", { name: "Descartar" })).toBeTruthy();
    expect(within(d).getByRole("alert").textContent).toBe("El mensaje no se envió. Sigue aquí: inténtalo de nuevo.");
  });
});
