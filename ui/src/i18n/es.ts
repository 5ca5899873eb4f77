import type { Strings } from "./en";

/** Spanish interface strings. */
export const es: Strings = {
  nav: {
    label: "Espacios de trabajo",
    coach: "Entrenador",
    tutor: "Tutor",
    reports: "Informes",
    expenses: "Gastos",
    modules: "Módulos",
    settings: "Ajustes",
  },
  summaries: {
    coach: "Construye un argumento de Toulmin paso a paso.",
    tutor: "Aprende un curso siguiendo su mapa de requisitos.",
    reports: "Edita un informe estructurado conversando.",
    expenses: "Registra gastos con un asistente cuidadoso.",
    modules: "Avanza por módulos guiados.",
  },
  status: {
    starting: "Iniciando…",
    profile: "Perfil: {{name}}",
    version: "Lantern {{version}}",
    model: {
      notFound: "Modelo: no encontrado — añade el paquete de modelos o elige un modelo en Ajustes",
      loading: "Modelo: cargando {{model}}…",
      ready: "Modelo: {{model}} listo",
      restarting: "Modelo: {{model}} se detuvo; reiniciando…",
      failed: "Modelo: {{model}} falló ({{code}})",
    },
  },
  profiles: {
    label: "Perfil",
    new: "Nuevo perfil",
    name: "Nombre del nuevo perfil",
    create: "Crear",
  },
  settings: {
    title: "Ajustes",
    model: "Archivo del modelo (GGUF)",
    modelHelp: "Déjalo vacío para usar el modelo predeterminado del paquete.",
    check: "Comprobar archivo",
    checking: "Comprobando…",
    fileInfo: "{{name}} ({{architecture}}), {{size}} MB en disco, unos {{ram}} MB de memoria al cargarlo",
    threads: "Hilos de CPU",
    language: "Idioma",
    theme: "Tema",
    themes: { system: "Igual que el sistema", light: "Claro", dark: "Oscuro" },
    languages: { en: "English", es: "Español" },
    save: "Guardar",
    saved: "Ajustes guardados.",
  },
  errors: {
    generic: "Algo salió mal ({{code}}): {{message}}",
    model_not_found: "Ese archivo de modelo no existe.",
    model_invalid: "Ese archivo no es un modelo GGUF utilizable.",
    out_of_memory: "Este modelo necesita más memoria de la que hay libre.",
    settings_invalid: "Algunos ajustes no son válidos: {{message}}",
    profile_name_taken: "Ya existe un perfil con ese nombre.",
    profile_name_invalid: "El nombre del perfil necesita de 1 a 60 caracteres visibles.",
  },
};
