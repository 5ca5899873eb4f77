import { useId, type Ref } from "react";
import { useTranslation } from "react-i18next";
import type { VoiceStatusView_Serialize } from "../../../bindings";
import { errorText } from "../../../i18n";

/** A microphone (bundled, so no icon font is needed). */
function MicIcon() {
  return (
    <svg className="mic-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="9" y="2.5" width="6" height="12" rx="3" fill="currentColor" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5v4M8.5 21.5h7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The composer's microphone: starts a recording, and stops it when pressed again (it
 * shows as pressed meanwhile). When voice input cannot work here it stays in place,
 * marked disabled but focusable, with the reason as its tooltip and description. */
export function VoiceButton({
  status,
  recording,
  disabled,
  buttonRef,
  onPress,
}: {
  /** What `voiceStatus` answered; `null` while asking. */
  status: VoiceStatusView_Serialize | null;
  recording: boolean;
  /** A reply streams, or voice input is busy transcribing or confirming. */
  disabled: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  onPress: () => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const reason =
    status === null
      ? t("tutor.voice.checking")
      : !status.available
        ? status.error
          ? errorText(status.error)
          : t("tutor.voice.unavailable")
        : null;
  const label = t("tutor.voice.speak");
  return (
    <span className="voice-control">
      <button
        type="button"
        ref={buttonRef}
        className="voice-button"
        aria-label={label}
        aria-pressed={recording}
        aria-disabled={reason ? true : undefined}
        aria-describedby={reason ? reasonId : undefined}
        disabled={disabled && !recording}
        title={reason ?? label}
        onClick={() => {
          if (!reason) onPress();
        }}
      >
        <MicIcon />
      </button>
      {reason && (
        <span id={reasonId} className="voice-reason">
          {reason}
        </span>
      )}
    </span>
  );
}
