import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n";
import { ProposedUpdateCard } from "./ProposedUpdateCard";

describe("ProposedUpdateCard", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("brings itself into view when a proposal appears, so its buttons are on screen", () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const proposal = { field: "claim" as const, value: "Schools should not set homework on weekends.", rationale: "" };
    const { rerender } = render(<ProposedUpdateCard proposal={proposal} busy={false} onAccept={() => {}} onReject={() => {}} />);
    expect(scrolled).toHaveBeenCalledWith({ block: "nearest" });
    rerender(<ProposedUpdateCard proposal={{ ...proposal, value: "Schools should set less homework." }} busy={false} onAccept={() => {}} onReject={() => {}} />);
    expect(scrolled).toHaveBeenCalledTimes(2);
  });
});
