import { cleanup, render, screen } from "@testing-library/react";
import { clearMocks, mockConvertFileSrc } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import "../../i18n";
import { MarkdownView, withPlaceholders } from "./MarkdownView";

describe("MarkdownView", () => {
  afterEach(cleanup);

  it("turns [IMAGE:x] placeholders into labelled chips", () => {
    expect(withPlaceholders("See [IMAGE:gutter photo].")).toBe("See ![gutter photo](lantern-image:gutter%20photo).");
    render(<MarkdownView markdown="See [IMAGE:gutter]." />);
    expect(screen.getByRole("img", { name: "Image: gutter" })).toBeTruthy();
  });

  it("never loads anything: images are chips and links plain text", () => {
    const { container } = render(<MarkdownView markdown={"![roof](https://example.com/roof.jpg) [site](https://example.com)"} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("a")).toBeNull();
    expect(screen.getByRole("img", { name: "Image: roof" })).toBeTruthy();
  });

  it("shows the report's own pictures from its media folder, and only those", () => {
    mockConvertFileSrc("linux");
    const { container } = render(
      <MarkdownView markdown={"![gutter](img/gutter.png) ![out](../x.png) ![abs](/etc/x.png)"} imageBase="/data/media/reports/1" />,
    );
    const images = [...container.querySelectorAll("img")];
    expect(images.map((i) => i.getAttribute("src"))).toEqual(["asset://localhost/%2Fdata%2Fmedia%2Freports%2F1%2Fimg%2Fgutter.png"]);
    expect(screen.getAllByRole("img", { name: /Image:/ })).toHaveLength(2);
    clearMocks();
  });

  it("renders tables", () => {
    render(<MarkdownView markdown={"| a | b |\n| --- | --- |\n| 1 | 2 |"} />);
    expect(screen.getAllByRole("cell")).toHaveLength(2);
  });
});
