//! Formatting a conversation with the model's chat template.

use lantern_core::llm::{ChatMessage, ChatRole, LlmError};
use llama_cpp_2::model::{LlamaChatMessage, LlamaChatTemplate, LlamaModel};

/// Template used when a GGUF carries none (or one llama.cpp cannot apply).
const FALLBACK_TEMPLATE: &str = "chatml";

/// The prompt text for `system` + `messages`; with `open_reply`, it ends where the
/// assistant's reply begins.
pub fn format_prompt(
    model: &LlamaModel,
    system: &str,
    messages: &[ChatMessage],
    open_reply: bool,
) -> Result<String, LlmError> {
    let mut chat = vec![message("system", system)?];
    for m in messages {
        let role = match m.role {
            ChatRole::User => "user",
            ChatRole::Assistant => "assistant",
        };
        chat.push(message(role, &m.content)?);
    }
    let fallback = || LlamaChatTemplate::new(FALLBACK_TEMPLATE).map_err(|e| e.to_string());
    let embedded = model.chat_template(None).map_err(|e| e.to_string());
    let mut last_error = String::new();
    for template in [embedded, fallback()] {
        match template.and_then(|t| {
            model
                .apply_chat_template(&t, &chat, open_reply)
                .map_err(|e| e.to_string())
        }) {
            Ok(text) => return Ok(text),
            Err(e) => last_error = e,
        }
    }
    Err(LlmError::Template(last_error))
}

fn message(role: &str, content: &str) -> Result<LlamaChatMessage, LlmError> {
    LlamaChatMessage::new(role.to_string(), content.to_string())
        .map_err(|e| LlmError::Template(format!("message contains a NUL byte: {e}")))
}
