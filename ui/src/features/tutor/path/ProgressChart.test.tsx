import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../i18n";
import { ProgressChart } from "./ProgressChart";

describe("ProgressChart", () => {
  afterEach(cleanup);

  it("gives the counts per tier over time in a table beside the chart", () => {
    const points = [
      { at: "2026-01-01T09:00:00Z", bronze: 1, silver: 0, gold: 0 },
      { at: "2026-01-02T09:00:00Z", bronze: 2, silver: 1, gold: 0 },
    ];
    render(<ProgressChart points={points} total={8} />);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.querySelectorAll("td")].slice(1).map((c) => c.textContent))).toEqual([
      ["1", "0", "0"],
      ["2", "1", "0"],
    ]);
    expect(screen.getByText("Units at each tier (of 8) after each change")).toBeTruthy();
  });

  it("says so when there is no progress yet", () => {
    render(<ProgressChart points={[]} total={8} />);
    expect(screen.getByText(/No mastery yet/)).toBeTruthy();
  });
});
