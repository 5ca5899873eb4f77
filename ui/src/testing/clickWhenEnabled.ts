import { fireEvent, screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/** Finds the button named `name` and clicks it once it is enabled. A disabled button
 * ignores clicks, and a page enables some only when its data has arrived (New session
 * waits for the course list), so a click made earlier would silently do nothing. */
export async function clickWhenEnabled(name: string | RegExp): Promise<void> {
  const button = await screen.findByRole("button", { name });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}
