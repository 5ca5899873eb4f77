import { useCallback, useEffect, useState } from "react";
import {
  commands,
  type BalanceView,
  type Category,
  type ExpenseArgs,
  type ExpenseMessageView,
  type ExpenseReplyView,
  type ExpenseSettingsView,
  type ExpenseTool,
  type ExpenseView,
  type IpcError,
  type Language,
  type MonthlyTotalView,
  type ProposalCardView,
} from "../../bindings";
import { useStreamedTurn, type Result } from "../../turns/useStreamedTurn";

/** What the table, the balance and the chart show: a range keyword ("this_month") or
 * "all", and a category or all of them. */
export type ExpenseFilter = { range: string; category: Category | null };

/** The proposal that waits for a yes, wherever it came from (the chat or the table). */
function waiting(messages: ExpenseMessageView[], fromTable: ProposalCardView | null) {
  if (fromTable) return fromTable;
  return [...messages].reverse().find((m) => m.proposal)?.proposal ?? null;
}

/** The expenses workspace for the active profile: the conversation and the proposal
 * waiting in it, the settings, the table, the balance and the chart for the chosen
 * filter, and every action (send, confirm, cancel, revise, a direct call from the
 * table), and why the teacher's category words are not used when their file is bad.
 * Every change reloads what it may have changed. */
export function useExpenses(language: Language) {
  const [messages, setMessages] = useState<ExpenseMessageView[]>([]);
  const [settings, setSettings] = useState<ExpenseSettingsView | null>(null);
  const [ownerHasPin, setOwnerHasPin] = useState(false);
  const [today, setToday] = useState("");
  const [categoryWords, setCategoryWords] = useState<IpcError | null>(null);
  const [filter, setFilter] = useState<ExpenseFilter>({ range: "this_month", category: null });
  const [rows, setRows] = useState<ExpenseView[] | null>(null);
  const [balance, setBalance] = useState<BalanceView | null>(null);
  const [months, setMonths] = useState<MonthlyTotalView[]>([]);
  const [tableProposal, setTableProposal] = useState<ProposalCardView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const turn = useStreamedTurn<ExpenseReplyView>();

  const loadState = useCallback(async () => {
    const result = await commands.expensesState(language);
    if (result.status === "error") return setError(result.error);
    setMessages(result.data.messages);
    setSettings(result.data.settings);
    setOwnerHasPin(result.data.ownerHasPin);
    setToday(result.data.today);
    setCategoryWords(result.data.categoryWords ?? null);
  }, [language]);

  const loadFigures = useCallback(async () => {
    const range = filter.range === "all" ? null : filter.range;
    const [listed, total, chart] = await Promise.all([
      commands.expensesList(range, filter.category, language),
      commands.expensesBalance(range, filter.category, language),
      commands.expensesMonths(range, language),
    ]);
    for (const result of [listed, total, chart]) if (result.status === "error") return setError(result.error);
    if (listed.status === "ok") setRows(listed.data);
    if (total.status === "ok") setBalance(total.data);
    if (chart.status === "ok") setMonths(chart.data);
  }, [filter, language]);

  useEffect(() => {
    void loadState();
  }, [loadState]);

  useEffect(() => {
    void loadFigures();
  }, [loadFigures]);

  /** Takes a reply: reloads the conversation and, when something ran, the figures. */
  const settle = useCallback(
    async (pending: Promise<Result<ExpenseReplyView>>, fromTable = false) => {
      const result = await pending;
      if (result.status === "error") {
        setError(result.error);
        await loadState();
        return false;
      }
      setError(null);
      setTableProposal(fromTable && result.data.confirmationRequired ? (result.data.proposal ?? null) : null);
      await Promise.all([loadState(), loadFigures()]);
      return true;
    },
    [loadState, loadFigures],
  );

  const send = useCallback(
    (message: string) => settle(turn.run((channel) => commands.expensesSend(message, language, channel))),
    [turn, language, settle],
  );

  /** Saves the settings; a new role needs the expense owner's PIN as `ownerPin` (the
   * first change chooses it). Answers with the refusal: a refused PIN is for the PIN form
   * to show, any other goes to the page's alert. */
  const saveSettings = useCallback(
    async (next: ExpenseSettingsView, ownerPin: string | null = null): Promise<IpcError | null> => {
      const result = await commands.expensesSetSettings(next, ownerPin);
      if (result.status === "error") {
        if (ownerPin === null) setError(result.error);
        return result.error;
      }
      if (ownerPin !== null) setOwnerHasPin(true);
      setSettings(result.data);
      setError(null);
      await loadFigures();
      return null;
    },
    [loadFigures],
  );

  return {
    messages,
    settings,
    ownerHasPin,
    today,
    categoryWords,
    filter,
    setFilter,
    rows,
    balance,
    months,
    proposal: waiting(messages, tableProposal),
    error,
    setError,
    turn,
    send,
    saveSettings,
    confirm: (id: string, args: ExpenseArgs | null) => settle(commands.expensesConfirm(id, args, language)),
    cancel: (id: string) => settle(commands.expensesCancel(id, language)),
    revise: (id: string, args: ExpenseArgs) => settle(commands.expensesRevise(id, args, language), tableProposal !== null),
    call: (tool: ExpenseTool, args: ExpenseArgs) => settle(commands.expensesTool(tool, args, language), true),
  };
}

/** What `useExpenses` gives the page. */
export type Expenses = ReturnType<typeof useExpenses>;
