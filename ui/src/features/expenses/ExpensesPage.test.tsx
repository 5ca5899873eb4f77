import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "../../i18n";
import { ExpensesPage } from "./ExpensesPage";
import { createExpensesMock } from "./mock";

/** The PIN that opens the profile in these tests (the student knows it). */
const PIN = "2468";
/** The expense owner's PIN (a parent's). */
const OWNER_PIN = "8080";

/** The scripted assistant, recording every command with its arguments. The role changes
 * only with the owner's PIN, as the backend rules: when `ownerHasPin` it must match;
 * otherwise the first change chooses it, and it cannot be the profile's PIN. */
function backend(ownerHasPin = true) {
  const handlers = createExpensesMock() as Record<string, (args: Record<string, unknown>) => unknown>;
  const setSettings = handlers.expenses_set_settings;
  const state = handlers.expenses_state;
  let role = "owner";
  let owner: string | null = ownerHasPin ? OWNER_PIN : null;
  handlers.expenses_state = (args) => ({ ...(state(args) as object), ownerHasPin: owner !== null });
  handlers.expenses_set_settings = (args) => {
    const next = args.settings as { role: string };
    if (next.role !== role) {
      const pin = args.ownerPin;
      if (pin == null) throw { code: "expense_owner_pin_required", message: "the owner's PIN" };
      if (owner === null && pin === PIN) throw { code: "expense_owner_pin_same", message: "not the profile's PIN" };
      if (owner !== null && pin !== owner) throw { code: "expense_owner_pin_wrong", message: "wrong PIN" };
      owner = String(pin);
    }
    role = next.role;
    return setSettings(args);
  };
  const calls: { cmd: string; args: Record<string, unknown> }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    const handler = handlers[cmd];
    return handler ? handler(args as Record<string, unknown>) : null;
  });
  return calls;
}

async function open() {
  const calls = backend();
  render(<ExpensesPage language="en" />);
  await screen.findByRole("cell", { name: "bus pass" });
  return calls;
}

async function say(text: string) {
  fireEvent.change(screen.getByLabelText("Tell the assistant about your spending"), { target: { value: text } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
}

const table = () => screen.getByRole("region", { name: "Recorded expenses" });
const card = () => screen.getByRole("group", { name: "Waiting for your confirmation" });

describe("ExpensesPage", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await i18next.changeLanguage("en");
  });

  it("shows the expenses, the balance for the period and the chart's table", async () => {
    await open();
    expect(within(table()).getAllByRole("row")).toHaveLength(3);
    expect(screen.getByRole("status", { name: "Balance" }).textContent).toContain("£75.50");
    expect(screen.getByRole("table", { name: "Spending per month and category" })).toBeTruthy();
  });

  it("sorts the table by a column, both ways", async () => {
    await open();
    const firstItem = () => within(table()).getAllByRole("row")[1].querySelectorAll("td")[1].textContent;
    expect(firstItem()).toBe("bus pass");
    fireEvent.click(within(table()).getByRole("button", { name: "Amount" }));
    expect(firstItem()).toBe("groceries");
    fireEvent.click(within(table()).getByRole("button", { name: "Amount" }));
    expect(firstItem()).toBe("bus pass");
    expect(within(table()).getByRole("columnheader", { name: /Amount/ }).getAttribute("aria-sort")).toBe("ascending");
  });

  it("a clear message runs at once and the table follows", async () => {
    await open();
    await say("add lunch 12.50");
    expect(await screen.findByText("I've added lunch, £12.50, for 2026-11-23.")).toBeTruthy();
    expect(within(table()).getByRole("cell", { name: "lunch" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Waiting for your confirmation" })).toBeNull();
  });

  it("a vague message waits on a card; Confirm runs exactly the arguments shown", async () => {
    const calls = await open();
    await say("cinema 9");
    expect(within(card()).getByText("Add this expense?")).toBeTruthy();
    expect(within(table()).queryByRole("cell", { name: "cinema" })).toBeNull();
    await act(async () => fireEvent.click(within(card()).getByRole("button", { name: "Confirm" })));
    await within(table()).findByRole("cell", { name: "cinema" });
    const confirm = calls.find((c) => c.cmd === "expenses_confirm");
    expect(confirm?.args.args).toMatchObject({ item: "cinema", amount: "9.00" });
    expect(screen.queryByRole("group", { name: "Waiting for your confirmation" })).toBeNull();
  });

  it("an amount the app computed shows its working on the card", async () => {
    const calls = await open();
    await say("3 coffees at 2.50");
    expect(within(card()).getByText("That is 3 × £2.50 = £7.50.")).toBeTruthy();
    await act(async () => fireEvent.click(within(card()).getByRole("button", { name: "Confirm" })));
    const confirm = calls.find((c) => c.cmd === "expenses_confirm");
    expect(confirm?.args.args).toMatchObject({ item: "coffees", amount: "7.50" });
  });

  it("Cancel runs nothing and the assistant asks again", async () => {
    await open();
    await say("cinema 9");
    await act(async () => fireEvent.click(within(card()).getByRole("button", { name: "Cancel" })));
    expect(await screen.findByText(/Cancelled: nothing was changed/)).toBeTruthy();
    expect(within(table()).queryByRole("cell", { name: "cinema" })).toBeNull();
  });

  it("the arguments can be edited on the card, and the new proposal still needs a yes", async () => {
    const calls = await open();
    await say("cinema 9");
    fireEvent.click(within(card()).getByRole("button", { name: "Edit" }));
    fireEvent.change(within(card()).getByLabelText("Amount"), { target: { value: "11" } });
    await act(async () => fireEvent.click(within(card()).getByRole("button", { name: "Save changes" })));
    expect(calls.find((c) => c.cmd === "expenses_revise")?.args.args).toMatchObject({ amount: "11" });
    expect(within(table()).queryByRole("cell", { name: "cinema" })).toBeNull();
    await act(async () => fireEvent.click(within(card()).getByRole("button", { name: "Confirm" })));
    await waitFor(() => expect(within(table()).getByRole("cell", { name: "£11.00" })).toBeTruthy());
  });

  it("the category shows on the card and changes there, as a new proposal that still needs a yes", async () => {
    const calls = await open();
    await say("cinema 9");
    const category = () => within(card()).getByLabelText("Category") as HTMLSelectElement;
    expect(category().value).toBe("other");
    await act(async () => fireEvent.change(category(), { target: { value: "leisure" } }));
    expect(calls.find((c) => c.cmd === "expenses_revise")?.args.args).toMatchObject({ item: "cinema", amount: "9.00", category: "leisure" });
    expect(category().value).toBe("leisure");
    expect(within(table()).queryByRole("cell", { name: "cinema" })).toBeNull();
    await act(async () => fireEvent.click(within(card()).getByRole("button", { name: "Confirm" })));
    await within(table()).findByRole("cell", { name: "cinema" });
    expect(calls.find((c) => c.cmd === "expenses_confirm")?.args.args).toMatchObject({ category: "leisure" });
  });

  it("a removal names the row it removes, with its category", async () => {
    await open();
    await say("delete bus pass");
    expect(within(card()).getByText("#1 bus pass, £30.00, 2026-11-02")).toBeTruthy();
    expect(within(card()).getByText("Transport")).toBeTruthy();
    expect(within(card()).queryByLabelText("Category")).toBeNull();
  });

  it("a bad category-words file is named for the teacher, in the page's language", async () => {
    const handlers = createExpensesMock() as Record<string, (a: Record<string, unknown>) => unknown>;
    const refused = { code: "expense_category_words_invalid", message: 'line 2: "snacks" is not a category' };
    mockIPC((cmd, args) => {
      if (cmd === "expenses_state") return { ...(handlers.expenses_state({}) as object), categoryWords: refused };
      return handlers[cmd]?.(args as Record<string, unknown>) ?? null;
    });
    render(<ExpensesPage language="en" />);
    const note = await screen.findByRole("note", { name: "The teacher's category words" });
    expect(note.textContent).toContain('line 2: "snacks" is not a category');
    expect(note.textContent).toContain("category-words.txt");
  });

  it("deleting from the table waits for a yes on the card", async () => {
    await open();
    await act(async () => fireEvent.click(within(table()).getByRole("button", { name: "Delete groceries" })));
    expect(within(card()).getByText("Delete this expense?")).toBeTruthy();
    expect(within(table()).getByRole("cell", { name: "groceries" })).toBeTruthy();
    await act(async () => fireEvent.click(within(card()).getByRole("button", { name: "Confirm" })));
    await waitFor(() => expect(within(table()).queryByRole("cell", { name: "groceries" })).toBeNull());
  });

  it("edits a row from the table", async () => {
    await open();
    fireEvent.click(within(table()).getByRole("button", { name: "Edit bus pass" }));
    fireEvent.change(screen.getByLabelText("Item"), { target: { value: "monthly bus pass" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect(await within(table()).findByRole("cell", { name: "monthly bus pass" })).toBeTruthy();
  });

  it("the role changes only with the owner's PIN, never the profile's own", async () => {
    const calls = await open();
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "viewer" } });
    expect(calls.some((c) => c.cmd === "expenses_set_settings")).toBe(false);
    const pin = () => screen.getByLabelText("Enter the owner's PIN to change the role");
    fireEvent.change(pin(), { target: { value: PIN } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Change the role" })));
    expect(screen.getByRole("alert").textContent).toBe("That is not the owner's PIN.");
    expect(within(table()).getByRole("button", { name: "Delete groceries" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect((screen.getByLabelText("Role") as HTMLSelectElement).value).toBe("owner");
    expect(screen.queryByLabelText("Enter the owner's PIN to change the role")).toBeNull();
  });

  it("the first role change chooses the owner's PIN, which cannot be the profile's", async () => {
    const calls = backend(false);
    render(<ExpensesPage language="en" />);
    await screen.findByRole("cell", { name: "bus pass" });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "viewer" } });
    expect(screen.getByText(/Only the owner's PIN changes the role/)).toBeTruthy();
    const pin = () => screen.getByLabelText("Choose the owner's PIN (not this profile's PIN)");
    fireEvent.change(pin(), { target: { value: PIN } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Change the role" })));
    expect(screen.getByRole("alert").textContent).toBe("The owner's PIN cannot be this profile's PIN: choose another.");
    fireEvent.change(pin(), { target: { value: OWNER_PIN } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Change the role" })));
    expect(calls.filter((c) => c.cmd === "expenses_set_settings").map((c) => c.args.ownerPin)).toEqual([PIN, OWNER_PIN]);
    await waitFor(() => expect(within(table()).queryByRole("button", { name: "Delete groceries" })).toBeNull());
    // Back to owner: now the owner's PIN is asked for.
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "owner" } });
    expect(screen.getByLabelText("Enter the owner's PIN to change the role")).toBeTruthy();
  });

  it("a viewer reads only: no add, edit or delete, and the chat's changes are refused with a coded error", async () => {
    const calls = await open();
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "viewer" } });
    fireEvent.change(screen.getByLabelText("Enter the owner's PIN to change the role"), { target: { value: OWNER_PIN } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Change the role" })));
    expect(calls.find((c) => c.cmd === "expenses_set_settings")?.args.ownerPin).toBe(OWNER_PIN);
    await waitFor(() => expect(within(table()).queryByRole("button", { name: "Delete groceries" })).toBeNull());
    expect(within(table()).queryByRole("button", { name: "Add expense" })).toBeNull();
    await say("add tea 2");
    expect((await screen.findByRole("alert")).textContent).toMatch(/only read expenses/);
  });

  it("speaks Spanish", async () => {
    await act(() => i18next.changeLanguage("es"));
    backend();
    render(<ExpensesPage language="es" />);
    expect(await screen.findByRole("button", { name: "Borrar groceries" })).toBeTruthy();
    expect(screen.getByLabelText("Cuéntale al asistente tus gastos")).toBeTruthy();
    expect(screen.getByRole("option", { name: "Este mes" })).toBeTruthy();
  });
});
