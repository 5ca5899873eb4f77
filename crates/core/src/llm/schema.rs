//! JSON schemas of answer types, and the bounds grammars cannot enforce.

use schemars::JsonSchema;
use serde_json::Value;

/// The JSON schema of `T`, as the grammar builder and [`clamp_to_schema`] read it.
pub fn schema_of<T: JsonSchema>() -> Value {
    schemars::schema_for!(T).to_value()
}

/// Clamps every number in `value` to the `minimum`/`maximum` its schema gives.
///
/// llama.cpp's schema-to-grammar conversion ignores numeric bounds, so a confidence of
/// `1.7` can parse; this brings it back into range. `$ref`s into `$defs` are followed.
pub fn clamp_to_schema(value: &mut Value, schema: &Value) {
    clamp_with_root(value, schema, schema, 0);
}

/// Deepest schema nesting followed; protects against self-referencing schemas.
const MAX_DEPTH: usize = 32;

fn resolve<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => reference
            .strip_prefix("#/$defs/")
            .or_else(|| reference.strip_prefix("#/definitions/"))
            .and_then(|name| {
                root.get("$defs")
                    .or_else(|| root.get("definitions"))
                    .and_then(|defs| defs.get(name))
            })
            .unwrap_or(schema),
        None => schema,
    }
}

fn clamp_with_root(value: &mut Value, schema: &Value, root: &Value, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    let schema = resolve(schema, root);
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(options) = schema.get(key).and_then(Value::as_array) {
            for option in options {
                clamp_with_root(value, option, root, depth + 1);
            }
        }
    }
    match value {
        Value::Number(number) => {
            if let Some(clamped) = clamp_number(number, schema) {
                *value = clamped;
            }
        }
        Value::Object(map) => {
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (name, child) in map.iter_mut() {
                    if let Some(child_schema) = properties.get(name) {
                        clamp_with_root(child, child_schema, root, depth + 1);
                    }
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = schema.get("items") {
                for item in items {
                    clamp_with_root(item, item_schema, root, depth + 1);
                }
            }
        }
        _ => {}
    }
}

fn clamp_number(number: &serde_json::Number, schema: &Value) -> Option<Value> {
    let x = number.as_f64()?;
    let low = schema.get("minimum").and_then(Value::as_f64);
    let high = schema.get("maximum").and_then(Value::as_f64);
    let clamped = match (low, high) {
        (Some(l), _) if x < l => l,
        (_, Some(h)) if x > h => h,
        _ => return None,
    };
    let integer = schema.get("type").and_then(Value::as_str) == Some("integer");
    Some(if integer {
        Value::from(clamped.round() as i64)
    } else {
        serde_json::Number::from_f64(clamped).map_or(Value::Null, Value::Number)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_above_or_below_bounds_are_clamped() {
        let schema = json!({"type":"object","properties":{
            "p": {"type":"number","minimum":0.0,"maximum":1.0},
            "n": {"type":"integer","minimum":1,"maximum":5}}});
        let mut v = json!({"p": 1.7, "n": -3});
        clamp_to_schema(&mut v, &schema);
        assert_eq!(v, json!({"p": 1.0, "n": 1}));
        let mut inside = json!({"p": 0.5, "n": 3});
        clamp_to_schema(&mut inside, &schema);
        assert_eq!(inside, json!({"p": 0.5, "n": 3}));
    }

    #[test]
    fn refs_arrays_and_nullable_options_are_followed() {
        let schema = json!({
            "type":"object",
            "properties":{"items":{"type":"array","items":{"$ref":"#/$defs/Item"}},
                          "maybe":{"anyOf":[{"$ref":"#/$defs/Item"},{"type":"null"}]}},
            "$defs":{"Item":{"type":"object","properties":{"c":{"type":"number","maximum":1.0}}}}
        });
        let mut v = json!({"items":[{"c":3.0},{"c":0.1}],"maybe":{"c":9.0}});
        clamp_to_schema(&mut v, &schema);
        assert_eq!(v, json!({"items":[{"c":1.0},{"c":0.1}],"maybe":{"c":1.0}}));
    }

    #[test]
    fn derived_schema_keeps_range_attributes() {
        #[derive(JsonSchema)]
        #[allow(dead_code)]
        struct Scored {
            #[schemars(range(min = 0.0, max = 1.0))]
            confidence: f32,
        }
        let mut v = json!({"confidence": -0.4});
        clamp_to_schema(&mut v, &schema_of::<Scored>());
        assert_eq!(v, json!({"confidence": 0.0}));
    }
}
