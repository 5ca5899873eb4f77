//! `lantern expenses …`: the expenses assistant without a window — chat, confirm or
//! cancel a proposal, one tool call directly (same validation, role and gate, no model),
//! list, balance and settings — through the same operations as the app
//! ([`lantern_expenses::app`] on the store). `--now` (or `LANTERN_NOW`)
//! stops the clock, so relative dates and proposal expiry can be tested from outside.

use super::coach::{parse_language, profile_id};
use super::course::open_retriever;
use super::tutor::clock;
use super::{open_store, runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::retrieval::Retriever;
use lantern_expenses::app::{self, ExpenseReply, ExpenseRequest, ExpenseSettings};
use lantern_expenses::category::teacher;
use lantern_expenses::dates::parse_range_arg;
use lantern_expenses::money::{format_money, Currency};
use lantern_expenses::replies::{balance, listed};
use lantern_expenses::{clean_message, Category, ExpenseError, ExpenseQuery, Role};
use serde_json::{json, Map, Value};

/// Options shared by every expenses command.
#[derive(Debug, Args)]
pub struct ExpensesOptions {
    /// The profile whose expenses to use; defaults to the first profile.
    #[arg(long, global = true)]
    pub profile: Option<String>,
    /// Act with this role (owner, viewer); it can only restrict the profile's own.
    #[arg(long, global = true, value_parser = parse_role)]
    pub role: Option<Role>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The language of the app's words (en, es).
    #[arg(long, global = true, value_parser = parse_language, default_value = "en")]
    pub language: Language,
    /// The time to act at (RFC 3339, e.g. 2026-11-23T12:00:00Z); defaults to now.
    #[arg(long, global = true, env = "LANTERN_NOW")]
    pub now: Option<String>,
    #[command(subcommand)]
    pub command: ExpensesCommand,
}

/// What to do with the profile's expenses.
#[derive(Debug, Subcommand)]
pub enum ExpensesCommand {
    /// Tell the assistant something ("Add lunch £12 today", "yes").
    Say {
        /// The message.
        text: String,
        /// Without the model (only requests the app reads on its own).
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// Run a waiting proposal exactly as proposed.
    Confirm {
        /// The proposal's id.
        proposal: String,
        /// The arguments being confirmed (JSON); refused unless they are the proposal's.
        #[arg(long)]
        args: Option<String>,
    },
    /// Drop a waiting proposal; nothing runs.
    Cancel {
        /// The proposal's id.
        proposal: String,
    },
    /// One tool call without the model, e.g. `tool add_expense '{"item":"tea","amount":2.5}'`.
    Tool {
        /// The tool.
        tool: String,
        /// Its arguments as a JSON object.
        args: String,
    },
    /// List expenses.
    List {
        /// The days: all, today, this_month, 2026-11, 2026-11-01..2026-11-15, …
        #[arg(long)]
        range: Option<String>,
        /// One category (food, transport, …).
        #[arg(long)]
        category: Option<String>,
    },
    /// The total spent.
    Balance {
        /// The days, as for `list`.
        #[arg(long)]
        range: Option<String>,
        /// One category.
        #[arg(long)]
        category: Option<String>,
    },
    /// Show or change the profile's role and currency.
    Settings {
        /// The role to keep (owner, viewer); a change needs the expense owner's PIN
        /// from standard input (not the profile's PIN): the first change chooses it,
        /// and it must differ from the profile's PIN.
        #[arg(long = "set-role", value_parser = parse_role)]
        set_role: Option<Role>,
        /// The currency of amounts that name none (GBP, EUR, USD, MXN).
        #[arg(long)]
        currency: Option<String>,
    },
}

fn parse_role(name: &str) -> Result<Role, String> {
    Role::from_name(name).ok_or_else(|| format!("unknown role {name:?} (owner, viewer)"))
}

fn json_object(text: &str) -> Result<Map<String, Value>, ExpenseError> {
    match serde_json::from_str(text) {
        Ok(Value::Object(args)) => Ok(args),
        Ok(_) => Err(ExpenseError::Invalid(
            "the arguments must be a JSON object".into(),
        )),
        Err(e) => Err(ExpenseError::Invalid(format!("not JSON: {e}"))),
    }
}

fn query(
    range: Option<&str>,
    category: Option<&str>,
    today: chrono::NaiveDate,
) -> Result<ExpenseQuery, ExpenseError> {
    Ok(ExpenseQuery {
        range: match range {
            Some(text) => parse_range_arg(text, today).map_err(ExpenseError::Invalid)?,
            None => None,
        },
        category: category
            .map(|c| {
                Category::from_name(c)
                    .ok_or_else(|| ExpenseError::Invalid(format!("unknown category {c:?}")))
            })
            .transpose()?,
    })
}

fn print_reply(reply: &ExpenseReply, json: bool) {
    if json {
        outln!("{}", json!(reply));
        return;
    }
    outln!("{}", reply.answer);
    if let Some(p) = &reply.proposal {
        outln!(
            "proposal {} ({}): {} {}",
            p.id,
            p.reason.as_str(),
            p.tool.name(),
            Value::Object(p.args.clone())
        );
    }
    if let Some(code) = reply.error {
        eprintln!("(nothing ran: {})", code.as_str());
    }
}

/// `lantern expenses …`
pub fn expenses(locations: &Locations, options: &ExpensesOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    // The teacher's category words, as the app reads them when the page opens.
    teacher::load_from(&locations.data_dir)?;
    let profile = rt.block_on(profile_id(&store, options.profile.as_deref()))?;
    let now = clock(options.now.as_deref())?.now();
    let language = options.language;
    let role = options.role;
    let reply = match &options.command {
        ExpensesCommand::Say {
            text,
            offline,
            model,
        } => {
            let supervisor = (!offline)
                .then(|| model.supervisor(locations))
                .transpose()?;
            let llm = supervisor.as_ref().map(|s| s as &dyn Llm);
            let request = ExpenseRequest {
                profile_id: profile,
                message: clean_message(text)?,
                language,
                now,
                role,
            };
            // The embedder tells which row a word no row's name shares means; without
            // the model pack, the words alone decide.
            let retriever = open_retriever(locations, &store, &rt).ok();
            let retriever = retriever.as_ref().map(|r| r as &dyn Retriever);
            rt.block_on(app::send(
                &store,
                request,
                llm,
                retriever,
                &CancelFlag::default(),
            ))?
        }
        ExpensesCommand::Confirm { proposal, args } => {
            let args = args.as_deref().map(json_object).transpose()?;
            rt.block_on(app::confirm(
                &store, profile, proposal, args, now, language, role,
            ))?
        }
        ExpensesCommand::Cancel { proposal } => {
            rt.block_on(app::cancel(&store, profile, proposal, now, language))?
        }
        ExpensesCommand::Tool { tool, args } => {
            let call = ToolCall {
                tool: tool.clone(),
                args: json_object(args)?,
            };
            rt.block_on(app::tool(&store, profile, &call, now, language, role))?
        }
        ExpensesCommand::List { range, category } => {
            let query = query(range.as_deref(), category.as_deref(), now.date_naive())?;
            let rows = rt.block_on(store.list_expenses(profile, &query))?;
            if options.json {
                outln!("{}", json!(rows));
            } else {
                outln!("{}", listed(&rows, &query, now.date_naive(), language));
                for e in rows {
                    outln!(
                        "{}\t{}\t{}\t{}\t{}",
                        e.id,
                        e.date,
                        format_money(e.amount, language),
                        e.category.as_str(),
                        e.item
                    );
                }
            }
            return Ok(());
        }
        ExpensesCommand::Balance { range, category } => {
            let query = query(range.as_deref(), category.as_deref(), now.date_naive())?;
            let settings = rt.block_on(store.expense_settings(profile))?;
            let rows = rt.block_on(store.list_expenses(profile, &query))?;
            if options.json {
                outln!(
                    "{}",
                    json!(rt.block_on(store.expense_balance(profile, &query))?)
                );
            } else {
                outln!(
                    "{}",
                    balance(&rows, &query, settings.currency, now.date_naive(), language)
                );
            }
            return Ok(());
        }
        ExpensesCommand::Settings { set_role, currency } => {
            let before = rt.block_on(store.expense_settings(profile))?;
            let mut settings = before;
            if let Some(role) = set_role {
                settings.role = *role;
            }
            if let Some(code) = currency {
                settings.currency = Currency::from_code(code)
                    .ok_or_else(|| ExpenseError::Invalid(format!("unknown currency {code:?}")))?;
            }
            if set_role.is_some() || currency.is_some() {
                let owner_pin = if before.role == settings.role {
                    None
                } else {
                    let chosen = rt.block_on(store.expense_owner_has_pin(profile))?;
                    super::profiles::read_pin("expense owner's PIN", !chosen)?
                };
                let checked_at = chrono::Utc::now();
                rt.block_on(store.change_expense_settings(
                    profile,
                    settings,
                    owner_pin.as_deref(),
                    checked_at,
                ))?;
            }
            let ExpenseSettings { role, currency } = settings;
            if options.json {
                outln!("{}", json!(settings));
            } else {
                outln!("role {}\tcurrency {}", role.as_str(), currency.code());
            }
            return Ok(());
        }
    };
    print_reply(&reply, options.json);
    Ok(())
}
