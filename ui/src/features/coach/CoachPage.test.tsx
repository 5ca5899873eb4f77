import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import type { CoachSessionView } from "../../bindings";
import "../../i18n";
import { CoachPage } from "./CoachPage";

const empty = { claim: "", grounds: "", warrant: "", groundsBacking: "", warrantBacking: "", qualifier: "", rebuttal: "" };
const CLAIM = "Schools should not set homework on weekends.";

function session(over: Partial<CoachSessionView> = {}): CoachSessionView {
  return {
    id: 7,
    title: "Weekend homework",
    language: "en",
    currentStep: "claim",
    isComplete: false,
    draft: empty,
    pendingProposal: null,
    messages: [{ role: "assistant", content: "What is your claim?", step: "claim", origin: null }],
    unsentMessage: "",
    ...over,
  };
}

type Handler = (args: Record<string, unknown>) => unknown;

function backend(handlers: Record<string, Handler>) {
  const calls: string[] = [];
  mockIPC((cmd, args) => {
    calls.push(cmd);
    const handler = handlers[cmd] ?? (() => undefined);
    return handler(args as Record<string, unknown>);
  });
  return calls;
}

async function openSession(handlers: Record<string, Handler>) {
  const calls = backend({
    coach_list: () => [{ id: 7, title: "Weekend homework", currentStep: "claim", isComplete: false, updatedAt: "" }],
    coach_open: () => session(),
    ...handlers,
  });
  render(<CoachPage language="en" modelReady />);
  fireEvent.click(await screen.findByRole("button", { name: "Weekend homework" }));
  await screen.findByText("What is your claim?");
  return calls;
}

describe("CoachPage", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("starts a new argument in the session's language", async () => {
    const created: unknown[] = [];
    backend({
      coach_list: () => [],
      coach_create: (args) => {
        created.push(args);
        return session();
      },
    });
    render(<CoachPage language="es" modelReady />);
    fireEvent.change(await screen.findByLabelText("Topic of a new argument"), { target: { value: "Weekend homework" } });
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(await screen.findByText("What is your claim?")).toBeTruthy();
    expect(created).toEqual([{ title: "Weekend homework", language: "es" }]);
  });

  it("deletes an argument after a confirmation", async () => {
    let listed = [{ id: 7, title: "Weekend homework", currentStep: "claim", isComplete: false, updatedAt: "" }];
    const calls = backend({
      coach_list: () => listed,
      coach_delete: () => {
        listed = [];
        return null;
      },
    });
    render(<CoachPage language="en" modelReady />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Weekend homework" }));
    expect(calls).not.toContain("coach_delete");
    fireEvent.click(screen.getByRole("button", { name: "Confirm: delete Weekend homework and its conversation" }));
    expect(await screen.findByText("No argument yet.")).toBeTruthy();
    expect(calls).toContain("coach_delete");
  });

  it("says when replies come from the offline guide", async () => {
    backend({
      coach_list: () => [{ id: 7, title: "Weekend homework", currentStep: "claim", isComplete: false, updatedAt: "" }],
      coach_open: () => session(),
    });
    render(<CoachPage language="en" modelReady={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Weekend homework" }));
    expect((await screen.findByRole("note")).textContent).toContain("The model is not ready");
  });

  it("highlights the current step on the rail", async () => {
    await openSession({ coach_open: () => session({ currentStep: "warrant" }) });
    const current = document.querySelector(".step-rail [aria-current='step']");
    expect(current?.textContent).toContain("Warrant");
    expect(document.querySelectorAll(".step-rail .step-done")).toHaveLength(2);
  });

  it("streams the reply, then shows the saved session with the proposal card", async () => {
    let finish: (value: CoachSessionView) => void = () => undefined;
    let channel: { onmessage: (m: unknown) => void } | undefined;
    await openSession({
      coach_send: (args) => {
        channel = args.onEvent as typeof channel;
        return new Promise((resolve) => (finish = resolve));
      },
    });
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: CLAIM } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await act(async () => channel?.onmessage({ kind: "delta", text: "Good start" }));
    expect(await screen.findByText("Good start")).toBeTruthy();
    await act(async () =>
      finish(
        session({
          pendingProposal: { field: "claim", value: CLAIM, rationale: "clear" },
          messages: [
            { role: "assistant", content: "What is your claim?", step: "claim", origin: null },
            { role: "user", content: CLAIM, step: "claim", origin: null },
            { role: "assistant", content: "Good start. Use it?", step: "claim", origin: null },
          ],
        }),
      ),
    );
    expect(await screen.findByText("Good start. Use it?")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Suggested Claim" })).toBeTruthy();
  });

  it("accepting a proposal saves it and moves to the next step", async () => {
    const calls = await openSession({
      coach_open: () => session({ pendingProposal: { field: "claim", value: CLAIM, rationale: "" } }),
      coach_accept: () => session({ currentStep: "grounds", draft: { ...empty, claim: CLAIM } }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Use this" }));
    await screen.findByDisplayValue(CLAIM);
    expect(calls).toContain("coach_accept");
    expect(document.querySelector(".step-rail [aria-current='step']")?.textContent).toContain("Grounds");
    expect(screen.queryByRole("heading", { name: /Suggested/ })).toBeNull();
  });

  it("ignores a proposal for another step than the current one", async () => {
    await openSession({
      coach_open: () => session({ pendingProposal: { field: "warrant", value: "x", rationale: "" } }),
    });
    expect(screen.queryByRole("heading", { name: /Suggested/ })).toBeNull();
  });

  it("shows a coded error with a retry that answers the saved message again", async () => {
    let saved = false;
    const withMessage = () =>
      session({ messages: [...session().messages, { role: "user", content: "hello there", step: "claim", origin: null }] });
    const calls = await openSession({
      coach_open: () => (saved ? withMessage() : session()),
      coach_send: () => {
        saved = true;
        throw { code: "coach_validation_failed", message: "bad json" };
      },
      coach_retry: () => ({ ...withMessage(), messages: [...withMessage().messages, { role: "assistant", content: "Why?", step: "claim", origin: null }] }),
    });
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "hello there" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The coach's answer was not usable");
    expect((screen.getByLabelText("Your message") as HTMLTextAreaElement).value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Why?")).toBeTruthy();
    expect(calls).toContain("coach_retry");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("gives an unsaved message back to the student", async () => {
    await openSession({
      coach_send: () => {
        throw { code: "coach_message_too_long", message: "too long" };
      },
    });
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "kept text" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByRole("alert");
    expect((screen.getByLabelText("Your message") as HTMLTextAreaElement).value).toBe("kept text");
  });

  it("Stop cancels the running turn by its id", async () => {
    let channel: { onmessage: (m: unknown) => void } | undefined;
    const cancelled: unknown[] = [];
    await openSession({
      coach_send: (args) => {
        channel = args.onEvent as typeof channel;
        return new Promise(() => undefined);
      },
      cancel_turn: (args) => {
        cancelled.push(args.turn);
        return null;
      },
    });
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: CLAIM } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await act(async () => channel?.onmessage({ kind: "started", turn: 3 }));
    fireEvent.click(await screen.findByRole("button", { name: "Stop" }));
    await act(async () => undefined);
    expect(cancelled).toEqual([3]);
  });

  it("reopens the argument opened last, with its unsent message", async () => {
    backend({
      coach_list: () => [],
      coach_last: () => 7,
      coach_open: () => session({ unsentMessage: "Homework should" }),
    });
    render(<CoachPage language="en" modelReady />);
    expect(await screen.findByText("What is your claim?")).toBeTruthy();
    expect((screen.getByLabelText("Your message") as HTMLTextAreaElement).value).toBe("Homework should");
  });

  it("autosaves the message being typed and a draft field being edited", async () => {
    const saved: unknown[] = [];
    await openSession({
      coach_save_unsent: (args) => {
        saved.push(["unsent", args.text]);
        return null;
      },
      coach_edit_draft: (args) => {
        saved.push(["draft", args.step, args.text]);
        return session();
      },
    });
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "Schools should" } });
    fireEvent.change(screen.getByLabelText("Claim"), { target: { value: CLAIM } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(saved).toContainEqual(["unsent", "Schools should"]);
    expect(saved).toContainEqual(["draft", "claim", CLAIM]);
  });

  it("offers Retry for an unanswered message and marks replies of the offline guide", async () => {
    await openSession({
      coach_open: () =>
        session({
          messages: [
            { role: "assistant", content: "What is your claim?", step: "claim", origin: null },
            { role: "user", content: "hi", step: "claim", origin: null },
            { role: "assistant", content: "Say more.", step: "claim", origin: "afterModelFailure" },
            { role: "user", content: "thanks", step: "claim", origin: null },
            { role: "assistant", content: "You're welcome.", step: "claim", origin: "app" },
            { role: "user", content: "homework", step: "claim", origin: null },
          ],
        }),
    });
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    // The guide's reply is marked; the app's own answer to thanks is not.
    const notes = document.querySelectorAll(".message-origin");
    expect(notes).toHaveLength(1);
    expect(notes[0].textContent).toContain("offline guide");
  });

  it("completing the argument shows the diagram and the exports", async () => {
    await openSession({
      coach_open: () => session({ currentStep: "rebuttal", isComplete: true, draft: { ...empty, claim: CLAIM, rebuttal: "Unless it is optional." } }),
    });
    expect(screen.getByRole("figure", { name: "Toulmin diagram of the argument" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Rebuttal" }).textContent).toContain("Unless it is optional.");
    expect(screen.getByRole("button", { name: "Save as Argdown…" })).toBeTruthy();
  });
});
