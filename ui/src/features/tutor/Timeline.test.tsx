import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReplyOrigin, TutorMessage, TutorVerdict } from "../../bindings";
import { i18next } from "../../i18n";
import { MOCK_PASSAGE, MOCK_SUMMARY_PASSAGE } from "./mock";
import { Timeline } from "./Timeline";

function reply(id: string, over: Partial<TutorMessage> = {}): TutorMessage {
  return {
    id, threadId: "1", role: "assistant", text: "Take 3 off both sides.", latex: null, card: null,
    origin: "model", passage: null, verdict: null, turnId: "1-1", createdAt: "", ...over,
  };
}

function renderTimeline(messages: TutorMessage[]) {
  return render(
    <Timeline
      threadId={1} messages={messages} streaming={null} gradingDrill={null} busy={false}
      onPress={vi.fn()} onFollowUp={vi.fn()} onGrade={vi.fn(async () => true)}
      onSubmitExam={vi.fn(async () => null)} onSupport={vi.fn(async () => null)}
    />,
  );
}

describe("Timeline", () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("shows the course passage while the reply is still being written", () => {
    render(
      <Timeline
        threadId={1} messages={[]} streaming="" streamingPassage={MOCK_PASSAGE} gradingDrill={null} busy
        onPress={vi.fn()} onFollowUp={vi.fn()} onGrade={vi.fn(async () => true)}
        onSubmitExam={vi.fn(async () => null)} onSupport={vi.fn(async () => null)}
      />,
    );
    const writing = screen.getByRole("listitem");
    expect(writing.getAttribute("aria-busy")).toBe("true");
    expect(within(writing).getByRole("figure")).toBeTruthy();
    expect(within(writing).getByRole("figure").textContent).toContain("undo the operations in reverse order");
  });

  it("shows the passage under a reply and under a card", () => {
    renderTimeline([
      reply("1", { passage: MOCK_SUMMARY_PASSAGE }),
      reply("2", {
        origin: "app", passage: MOCK_PASSAGE,
        card: { type: "DRILL", unitId: "ALG-01", prompt: "Solve for $x$.", questionLatex: "2x+3=11" },
      }),
    ]);
    const [first, second] = screen.getAllByRole("listitem");
    expect(within(first).getByRole("figure", { name: "From your course: Linear equations · unit summary" })).toBeTruthy();
    expect(within(second).getByRole("article", { name: "Drill" })).toBeTruthy();
    expect(within(second).getByRole("figure", { name: /units\/ALG-01\.md › Undoing operations$/ })).toBeTruthy();
  });

  it("quotes the passage before the words and offers the prerequisite with a button", () => {
    const onPress = vi.fn();
    render(
      <Timeline
        threadId={1} busy={false} streaming={null} gradingDrill={null} onPress={onPress}
        messages={[
          reply("1", {
            text: "Linear equations builds on Inverse operations. Want to check Inverse operations first?",
            passage: MOCK_PASSAGE, offer: { unitId: "ALG-00", unitTitle: "Inverse operations" },
          }),
        ]}
        onFollowUp={vi.fn()} onGrade={vi.fn(async () => true)}
        onSubmitExam={vi.fn(async () => null)} onSupport={vi.fn(async () => null)}
      />,
    );
    const item = screen.getByRole("listitem");
    const html = item.innerHTML;
    expect(within(item).getByRole("figure")).toBeTruthy();
    expect(html.indexOf("tutor-passage")).toBeLessThan(html.indexOf("builds on Inverse operations"));
    within(item).getByRole("button", { name: "Check Inverse operations first" }).click();
    expect(onPress).toHaveBeenCalledWith({ type: "REQUEST_DRILL", unitId: "ALG-00" });
  });

  it("badges the verdict with its word", async () => {
    const verdicts: TutorVerdict[] = ["right", "partly", "not_yet"];
    renderTimeline(verdicts.map((verdict, i) => reply(String(i), { verdict })));
    expect([...document.querySelectorAll(".tutor-verdict")].map((b) => b.textContent)).toEqual(["Right", "Partly", "Not yet"]);
    expect(document.querySelector(".tutor-verdict-not_yet")).toBeTruthy();
    await act(async () => {
      await i18next.changeLanguage("es");
    });
    expect([...document.querySelectorAll(".tutor-verdict")].map((b) => b.textContent)).toEqual(["Correcto", "En parte", "Todavía no"]);
  });

  it("notes the offline guide's replies, not the app's or the model's", () => {
    const origins: ReplyOrigin[] = ["app", "model", "offline", "afterModelFailure"];
    renderTimeline(origins.map((origin, i) => reply(String(i), { origin })));
    expect([...document.querySelectorAll(".message-origin")].map((n) => n.textContent)).toEqual([
      "Written by the offline guide",
      "Written by the offline guide (the model stopped)",
    ]);
  });
});
