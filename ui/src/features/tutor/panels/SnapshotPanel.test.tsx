import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SnapshotLite } from "../../../bindings";
import "../../../i18n";
import { SnapshotPanel } from "./SnapshotPanel";

const snapshot: SnapshotLite = {
  focus: { unitId: "ALG-02", title: "Inequalities", masteryTier: "silver" },
  prereqNudge: {
    asked: { unitId: "ALG-05", title: "Factorising" },
    blocker: { unitId: "ALG-01", title: "Linear equations" },
  },
  revisit: {
    lockedCount: 2,
    readyCount: 1,
    nextEligibleAt: new Date(Date.now() + 5 * 3_600_000 + 90_000).toISOString(),
    nextQuestionId: "EX-3",
    reviewsDue: [{ unitId: "ALG-01", tier: "bronze", flagged: false }],
  },
  progress: { bronze: 3, silver: 1, gold: 0, total: 8 },
};

describe("SnapshotPanel", () => {
  afterEach(cleanup);

  it("shows the focus with its badge, the nudge, revisits with a countdown, reviews due and progress", () => {
    render(<SnapshotPanel snapshot={snapshot} titles={new Map([["ALG-01", "Linear equations"]])} busy={false} onWorkOn={() => {}} onPractise={() => {}} onLearningPath={() => {}} />);
    expect(screen.getByText("Inequalities")).toBeTruthy();
    expect(screen.getAllByText("Silver").length).toBeGreaterThan(0);
    expect(screen.getByRole("note").textContent).toContain("Factorising builds on Linear equations: master Linear equations first.");
    expect(screen.getByText("2 locked")).toBeTruthy();
    expect(screen.getByText("1 ready to try again")).toBeTruthy();
    expect(screen.getByText("Available in 5h 1m")).toBeTruthy();
    expect(screen.getByText("Review due")).toBeTruthy();
    expect(screen.getByText("3 of 8 units")).toBeTruthy();
  });

  it("Work on it, Practise this unit and Learning path call back", () => {
    const onWorkOn = vi.fn();
    const onLearningPath = vi.fn();
    const onPractise = vi.fn();
    render(<SnapshotPanel snapshot={snapshot} titles={new Map()} busy={false} onWorkOn={onWorkOn} onPractise={onPractise} onLearningPath={onLearningPath} />);
    fireEvent.click(screen.getByRole("button", { name: "Work on it" }));
    fireEvent.click(screen.getByRole("button", { name: "Learning path" }));
    expect(onWorkOn).toHaveBeenCalledWith("ALG-01");
    expect(onLearningPath).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Practise this unit" }));
    expect(onPractise).toHaveBeenCalledWith("ALG-02");
  });

  it("shows no nudge or countdown when there is none", () => {
    const calm = { ...snapshot, prereqNudge: null, revisit: { ...snapshot.revisit, lockedCount: 0, readyCount: 0, nextEligibleAt: null, reviewsDue: [] } };
    render(<SnapshotPanel snapshot={calm} titles={new Map()} busy={false} onWorkOn={() => {}} onPractise={() => {}} onLearningPath={() => {}} />);
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByText(/Available in/)).toBeNull();
    expect(screen.getByText("0 locked")).toBeTruthy();
  });
});
