import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SnapshotLite } from "../../../bindings";
import "../../../i18n";
import { SnapshotPanel } from "./SnapshotPanel";

const opensAt = new Date(Date.now() + 5 * 3_600_000 + 90_000).toISOString();

const titles = new Map([
  ["ALG-01", "Linear equations"],
  ["ALG-03", "Quadratics"],
]);

const snapshot: SnapshotLite = {
  focus: { unitId: "ALG-02", title: "Inequalities", masteryTier: "silver" },
  prereqNudge: {
    asked: { unitId: "ALG-05", title: "Factorising" },
    blocker: { unitId: "ALG-01", title: "Linear equations" },
  },
  revisit: {
    lockedCount: 2,
    readyCount: 1,
    nextEligibleAt: opensAt,
    questions: [
      { questionId: "EX-3", unitId: "ALG-01", tier: "silver", eligibleAt: null },
      { questionId: "EX-7", unitId: "ALG-03", tier: "gold", eligibleAt: opensAt },
    ],
    reviewsDue: [{ unitId: "ALG-01", tier: "bronze", flagged: false }],
  },
  progress: { bronze: 3, silver: 1, gold: 0, total: 8 },
};

describe("SnapshotPanel", () => {
  afterEach(cleanup);

  it("shows the focus with its badge, the nudge, revisits with a countdown, reviews due and progress", () => {
    render(<SnapshotPanel snapshot={snapshot} titles={titles} busy={false} onWorkOn={() => {}} onPractise={() => {}} onRevisit={() => {}} onLearningPath={() => {}} />);
    expect(screen.getByText("Inequalities")).toBeTruthy();
    expect(screen.getAllByText("Silver").length).toBeGreaterThan(0);
    expect(screen.getByRole("note").textContent).toContain("Factorising builds on Linear equations: master Linear equations first.");
    expect(screen.getByText("2 locked")).toBeTruthy();
    expect(screen.getByText("1 ready to try again")).toBeTruthy();
    expect(screen.getByText("Next:").textContent).toBe("Next: Available in 5h 1m");
    expect(screen.getByText("Review due")).toBeTruthy();
    expect(screen.getByText("3 of 8 units")).toBeTruthy();
  });

  it("Work on it, Practise this unit and Learning path call back", () => {
    const onWorkOn = vi.fn();
    const onLearningPath = vi.fn();
    const onPractise = vi.fn();
    render(<SnapshotPanel snapshot={snapshot} titles={new Map()} busy={false} onWorkOn={onWorkOn} onPractise={onPractise} onRevisit={() => {}} onLearningPath={onLearningPath} />);
    fireEvent.click(screen.getByRole("button", { name: "Work on it" }));
    fireEvent.click(screen.getByRole("button", { name: "Learning path" }));
    expect(onWorkOn).toHaveBeenCalledWith("ALG-01");
    expect(onLearningPath).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Practise this unit" }));
    expect(onPractise).toHaveBeenCalledWith("ALG-02");
  });

  it("lists the questions to revisit in order: Try again on a ready one, a countdown on a locked one", () => {
    const onRevisit = vi.fn();
    const { container } = render(
      <SnapshotPanel snapshot={snapshot} titles={titles} busy={false} onWorkOn={() => {}} onPractise={() => {}} onRevisit={onRevisit} onLearningPath={() => {}} />,
    );
    const items = within(container.querySelector(".revisit-list") as HTMLElement).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain("Linear equations");
    expect(within(items[0]).getByText("Silver")).toBeTruthy();
    expect(within(items[0]).queryByText(/Available in/)).toBeNull();
    fireEvent.click(within(items[0]).getByRole("button", { name: "Try again: Linear equations (Silver)" }));
    expect(onRevisit).toHaveBeenCalledWith("ALG-01", "EX-3");
    expect(items[1].textContent).toContain("Quadratics");
    expect(within(items[1]).getByText("Gold")).toBeTruthy();
    expect(within(items[1]).getByText("Available in 5h 1m")).toBeTruthy();
    expect(within(items[1]).queryByRole("button")).toBeNull();
  });

  it("offers Try again once a locked question's countdown runs out", () => {
    vi.useFakeTimers();
    try {
      const soon = new Date(Date.now() + 2_000).toISOString();
      const locked = { ...snapshot, revisit: { ...snapshot.revisit, questions: [{ questionId: "EX-7", unitId: "ALG-03", tier: "gold" as const, eligibleAt: soon }] } };
      const onRevisit = vi.fn();
      render(<SnapshotPanel snapshot={locked} titles={titles} busy={false} onWorkOn={() => {}} onPractise={() => {}} onRevisit={onRevisit} onLearningPath={() => {}} />);
      expect(screen.queryByRole("button", { name: /^Try again/ })).toBeNull();
      act(() => vi.advanceTimersByTime(3_000));
      fireEvent.click(screen.getByRole("button", { name: "Try again: Quadratics (Gold)" }));
      expect(onRevisit).toHaveBeenCalledWith("ALG-03", "EX-7");
    } finally {
      vi.useRealTimers();
    }
  });

  it("falls back to a unit's id, and waits while a reply is streaming", () => {
    const onRevisit = vi.fn();
    render(<SnapshotPanel snapshot={snapshot} titles={new Map()} busy onWorkOn={() => {}} onPractise={() => {}} onRevisit={onRevisit} onLearningPath={() => {}} />);
    const tryAgain = screen.getByRole("button", { name: "Try again: ALG-01 (Silver)" }) as HTMLButtonElement;
    expect(tryAgain.textContent).toBe("Try again");
    expect(tryAgain.disabled).toBe(true);
    fireEvent.click(tryAgain);
    expect(onRevisit).not.toHaveBeenCalled();
    expect(screen.getByText("ALG-03", { exact: false })).toBeTruthy();
  });

  it("shows no nudge, countdown or revisit list when there is none", () => {
    const calm = { ...snapshot, prereqNudge: null, revisit: { ...snapshot.revisit, lockedCount: 0, readyCount: 0, nextEligibleAt: null, questions: [], reviewsDue: [] } };
    const { container } = render(
      <SnapshotPanel snapshot={calm} titles={new Map()} busy={false} onWorkOn={() => {}} onPractise={() => {}} onRevisit={() => {}} onLearningPath={() => {}} />,
    );
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByText(/Available in/)).toBeNull();
    expect(container.querySelector(".revisit-list")).toBeNull();
    expect(screen.getByText("0 locked")).toBeTruthy();
  });
});
