import type { IpcError } from "../bindings";
import { errorText, i18next } from "../i18n";

/** A refused PIN in the interface language; when guessing must wait, the seconds to wait
 * (the backend's message for `profile_pin_throttled` names them). */
export function pinErrorText(error: IpcError): string {
  const seconds = error.code === "profile_pin_throttled" ? /\d+/.exec(error.message)?.[0] : undefined;
  return seconds ? i18next.t("profiles.pin.wait", { seconds }) : errorText(error);
}
