/** English interface strings; `es.ts` must have the same keys. */
export const en = {
  nav: {
    label: "Workspaces",
    coach: "Coach",
    tutor: "Tutor",
    reports: "Reports",
    expenses: "Expenses",
    modules: "Modules",
    settings: "Settings",
  },
  summaries: {
    coach: "Build a Toulmin argument step by step.",
    tutor: "Learn a course along its prerequisite map.",
    reports: "Edit a structured report by chatting.",
    expenses: "Record spending with a careful assistant.",
    modules: "Work through guided modules.",
  },
  status: {
    starting: "Starting…",
    profile: "Profile: {{name}}",
    version: "Lantern {{version}}",
    model: {
      notFound: "Model: not found — add the model pack or choose a model in Settings",
      loading: "Model: loading {{model}}…",
      ready: "Model: {{model}} ready",
      restarting: "Model: {{model}} stopped; restarting…",
      failed: "Model: {{model}} failed ({{code}})",
    },
  },
  profiles: {
    label: "Profile",
    new: "New profile",
    name: "Name of the new profile",
    create: "Create",
  },
  settings: {
    title: "Settings",
    model: "Model file (GGUF)",
    modelHelp: "Leave empty to use the model pack's default model.",
    check: "Check file",
    checking: "Checking…",
    fileInfo: "{{name}} ({{architecture}}), {{size}} MB on disk, about {{ram}} MB of memory when loaded",
    threads: "CPU threads",
    language: "Language",
    theme: "Theme",
    themes: { system: "Same as the system", light: "Light", dark: "Dark" },
    languages: { en: "English", es: "Español" },
    save: "Save",
    saved: "Settings saved.",
  },
  errors: {
    generic: "Something went wrong ({{code}}): {{message}}",
    model_not_found: "That model file does not exist.",
    model_invalid: "That file is not a usable GGUF model.",
    out_of_memory: "This model needs more memory than is free.",
    settings_invalid: "Some settings are not valid: {{message}}",
    profile_name_taken: "A profile with that name already exists.",
    profile_name_invalid: "Profile names need 1 to 60 visible characters.",
  },
};

/** The shape every language's strings must have. */
export type Strings = typeof en;
