//! The placeables ({ $name }) each message of a resource uses, read from its syntax tree.

use fluent_bundle::FluentResource;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Each message id of `resource` with the variables its value and attributes use.
pub fn variables_of(resource: &FluentResource) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        if let Entry::Message(message) = entry {
            let mut vars = BTreeSet::new();
            if let Some(value) = &message.value {
                pattern(value, &mut vars);
            }
            for attribute in &message.attributes {
                pattern(&attribute.value, &mut vars);
            }
            out.insert(message.id.name.to_string(), vars);
        }
    }
    out
}

fn pattern(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            inline(selector, vars);
            for variant in variants {
                pattern(&variant.value, vars);
            }
        }
        Expression::Inline(i) => inline(i, vars),
    }
}

fn inline(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline(a, vars);
            }
            for a in &arguments.named {
                inline(&a.value, vars);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}
