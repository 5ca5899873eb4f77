// Test-only: a scripted expense assistant for Vitest and the headless-Chromium suite.
// Today is 2026-11-23; two expenses exist. "add <item> <amount>" runs at once, an
// amount with an item and no verb waits as a proposal (vague), "delete <item>" always
// waits, "how much" answers with the balance, anything else gets a question. Proposals
// run once, only with their exact arguments. Never part of a real build.
import type {
  Category,
  ExpenseArgs,
  ExpenseMessageView,
  ExpenseReplyView,
  ExpenseTool,
  ExpenseView,
  ProposalCardView,
  Role,
} from "../../bindings";

type Args = Record<string, unknown>;
type Channel = { onmessage: (event: unknown) => void };
type Row = { id: number; item: string; minor: number; date: string; category: Category };

const TODAY = "2026-11-23";

const money = (minor: number) => ({ minor, currency: "GBP" as const, text: `£${(minor / 100).toFixed(2)}` });

const viewOf = (r: Row): ExpenseView => ({
  id: r.id,
  item: r.item,
  amount: money(r.minor),
  date: r.date,
  category: r.category,
  updatedAt: `${r.date}T10:00:00Z`,
});

const noArgs: ExpenseArgs = { id: null, item: null, amount: null, currency: null, date: null, category: null };

const reply = (answer: string, extra: Partial<ExpenseReplyView> = {}): ExpenseReplyView => ({
  messageId: 0,
  answer,
  kind: "tool_call",
  confirmationRequired: false,
  proposal: null,
  added: null,
  updated: null,
  deleted: null,
  listed: null,
  balance: null,
  error: null,
  modelWords: false,
  ...extra,
});

/** A scripted expense assistant for one profile. */
export function createExpensesMock() {
  let rows: Row[] = [
    { id: 1, item: "bus pass", minor: 3000, date: "2026-11-02", category: "transport" },
    { id: 2, item: "groceries", minor: 4550, date: "2026-10-28", category: "food" },
  ];
  const messages: ExpenseMessageView[] = [];
  const proposals = new Map<string, ProposalCardView & { open: boolean }>();
  let settings = { role: "owner" as Role, currency: "GBP" as const };
  let nextId = 10;

  const say = (fromStudent: boolean, text: string, kind: ExpenseMessageView["kind"] = null, proposal: ProposalCardView | null = null) =>
    messages.push({ id: nextId++, fromStudent, text, kind, proposal });
  const propose = (tool: ExpenseTool, args: ExpenseArgs, reason: ProposalCardView["reason"], working: string | null = null) => {
    const card = { id: `p${nextId++}`, tool, args, reason, expiresAt: `${TODAY}T10:15:00Z`, working };
    proposals.set(card.id, { ...card, open: true });
    return card;
  };
  const forbid = () => {
    if (settings.role !== "owner") throw { code: "expense_forbidden", message: "viewer" };
  };
  const run = (tool: ExpenseTool, args: ExpenseArgs): ExpenseReplyView => {
    forbid();
    if (tool === "add_expense") {
      const minor = Math.round(Number(String(args.amount).replace(",", ".")) * 100);
      if (!args.item || !(minor > 0)) throw { code: "expense_invalid", message: "amount must be positive" };
      const row = { id: nextId++, item: args.item, minor, date: args.date ?? TODAY, category: args.category ?? "other" };
      rows.push(row);
      return reply(`I've added ${row.item}, ${money(minor).text}, for ${row.date}.`, { added: viewOf(row) });
    }
    const row = rows.find((r) => r.id === args.id);
    if (!row) throw { code: "expense_not_found", message: `no expense ${String(args.id)}` };
    if (tool === "delete_expense") {
      rows = rows.filter((r) => r !== row);
      return reply(`I've deleted ${row.item}.`, { deleted: viewOf(row) });
    }
    if (args.item) row.item = args.item;
    if (args.amount) row.minor = Math.round(Number(args.amount) * 100);
    if (args.date) row.date = args.date;
    if (args.category) row.category = args.category;
    return reply(`I've changed ${row.item}.`, { updated: viewOf(row) });
  };
  const listed = (args: Args) => rows.filter((r) => !args.category || r.category === args.category);
  const balance = (args: Args) => {
    const shown = listed(args);
    return { totals: [money(shown.reduce((sum, r) => sum + r.minor, 0))], count: shown.length, span: "in total", category: null };
  };
  const answer = (r: ExpenseReplyView) => {
    say(false, r.answer, r.kind, r.proposal);
    return r;
  };
  const waiting = (id: string) => {
    const card = proposals.get(id);
    if (!card) throw { code: "expense_proposal_not_found", message: id };
    if (!card.open) throw { code: "expense_proposal_used", message: id };
    card.open = false;
    return card;
  };

  return {
    expenses_state: () => ({
      messages: messages.map((m) => (m.proposal && !proposals.get(m.proposal.id)?.open ? { ...m, proposal: null } : m)),
      settings,
      ownerHasPin: false,
      today: TODAY,
      categoryWords: null,
    }),
    expenses_set_settings: (args: Args) => (settings = args.settings as typeof settings),
    expenses_list: (args: Args) => listed(args).map(viewOf),
    expenses_balance: balance,
    expenses_months: () =>
      rows.map((r) => ({ month: r.date.slice(0, 7), category: r.category, total: money(r.minor), decimal: (r.minor / 100).toFixed(2) })),
    expenses_send: (args: Args) => {
      const text = String(args.message);
      (args.onEvent as Channel).onmessage({ kind: "started", turn: 1 });
      say(true, text);
      const amount = /(\d+(?:[.,]\d+)?)/.exec(text)?.[1];
      const add = /^add (.+?) £?(\d+(?:[.,]\d+)?)$/i.exec(text);
      const deletion = /^delete (?:the )?(.+)$/i.exec(text);
      if (add) return answer(run("add_expense", { ...noArgs, item: add[1], amount: add[2] }));
      if (deletion) {
        const row = rows.find((r) => r.item === deletion[1]);
        if (!row) return answer(reply(`I can't find “${deletion[1]}”. Which expense?`, { kind: "clarify" }));
        const card = propose("delete_expense", { ...noArgs, id: row.id }, "delete");
        return answer(reply(`Delete ${row.item}, ${money(row.minor).text}? Confirm or cancel.`, { confirmationRequired: true, proposal: card }));
      }
      const each = /^(\d+) (.+?) at (\d+(?:\.\d+)?)$/i.exec(text);
      if (each) {
        const total = (Number(each[1]) * Number(each[3])).toFixed(2);
        const working = `That is ${each[1]} × £${Number(each[3]).toFixed(2)} = £${total}.`;
        const args: ExpenseArgs = { ...noArgs, item: each[2], amount: total, currency: "GBP", date: TODAY, category: "food" };
        const card = propose("add_expense", args, "vague", working);
        return answer(reply(`Shall I add ${each[2]}, £${total}? ${working}`, { confirmationRequired: true, proposal: card }));
      }
      if (/how much/i.test(text)) return answer(reply(`You have spent ${balance({}).totals[0].text} in total.`, { kind: "answer", balance: balance({}) }));
      if (amount) {
        const item = text.replace(amount, "").replace(/[£€$]/g, "").trim();
        const card = propose("add_expense", { ...noArgs, item, amount: Number(amount).toFixed(2), currency: "GBP", date: TODAY, category: "other" }, "vague");
        return answer(reply(`Add ${item}, £${Number(amount).toFixed(2)}, for ${TODAY}? Confirm or cancel.`, { confirmationRequired: true, proposal: card }));
      }
      return answer(reply("What did you spend, and how much?", { kind: "clarify" }));
    },
    expenses_confirm: (args: Args) => {
      const card = proposals.get(String(args.proposalId));
      if (card && args.args && JSON.stringify(args.args) !== JSON.stringify(card.args))
        throw { code: "expense_proposal_mismatch", message: "arguments differ" };
      const used = waiting(String(args.proposalId));
      return answer(run(used.tool, used.args));
    },
    expenses_cancel: (args: Args) => {
      waiting(String(args.proposalId));
      return answer(reply("Cancelled: nothing was changed. What would you like to do instead?", { kind: "clarify" }));
    },
    expenses_revise: (args: Args) => {
      const used = waiting(String(args.proposalId));
      const card = propose(used.tool, { ...(args.args as ExpenseArgs), currency: "GBP" }, used.reason);
      return answer(reply(`Changed: ${card.args.item ?? ""}, £${card.args.amount ?? ""}. Confirm or cancel.`, { confirmationRequired: true, proposal: card }));
    },
    expenses_tool: (args: Args) => {
      const tool = args.tool as ExpenseTool;
      if (tool !== "delete_expense") return run(tool, args.args as ExpenseArgs);
      forbid();
      const card = propose(tool, args.args as ExpenseArgs, "delete");
      return reply("Delete this expense? Confirm or cancel.", { confirmationRequired: true, proposal: card });
    },
  };
}
