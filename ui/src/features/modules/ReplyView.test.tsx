import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ModuleReply } from "../../bindings";
import "../../i18n";
import { ReplyView } from "./ReplyView";

function reply(type: ModuleReply["meta"]["response_type"], emotion: ModuleReply["meta"]["emotion"]): ModuleReply {
  return {
    content: {
      text_blocks: [1, 2, 3, 4, 5, 6].map((level) => ({ type: "heading", content: `Level ${level}`, level })),
      forms: [],
      media: [],
      next_step: null,
    },
    meta: { response_type: type, progress: null, module_state: null, emotion },
  } as unknown as ModuleReply;
}

function show(r: ModuleReply) {
  return render(<ReplyView reply={r} mediaDir="/m" active={false} busy={false} onSay={() => {}} onForm={async () => true} />);
}

describe("ReplyView", () => {
  afterEach(cleanup);

  it("labels a summary with its icon and styles the reply by its emotion", () => {
    const { container } = show(reply("summary", "celebratory"));
    expect(screen.getByText("Summary")).toBeTruthy();
    expect(container.querySelector("article")?.className).toContain("emotion-celebratory");
  });

  it("a conversational reply has no label", () => {
    show(reply("conversational", "supportive"));
    expect(screen.queryByText("Summary")).toBeNull();
    expect(screen.queryByText("Lesson")).toBeNull();
  });

  it("six heading levels look different", () => {
    show(reply("educational", "neutral"));
    const classes = [1, 2, 3, 4, 5, 6].map((l) => screen.getByText(`Level ${l}`).className);
    expect(new Set(classes).size).toBe(6);
    expect(screen.getByText("Level 1").tagName).toBe("H3");
    expect(screen.getByText("Level 2").tagName).toBe("H4");
  });
});
