import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** `ms` as minutes and seconds, "0:04". */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The bar over the message box while voice input runs: a pulsing dot, the time so far
 * and the limit, the microphone level, Stop and Cancel; then the transcription's progress
 * with Cancel. Escape cancels. Focus starts on Stop and moves to Cancel when Stop goes. */
export function RecordingBar({
  recording,
  elapsedMs,
  level,
  fraction,
  maxSeconds,
  onStop,
  onCancel,
}: {
  /** Recording (else transcribing). */
  recording: boolean;
  elapsedMs: number;
  /** Input level, 0 to 1. */
  level: number;
  /** Transcription progress, 0 to 1. */
  fraction: number;
  /** The time limit (0: unknown). */
  maxSeconds: number;
  onStop: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const stop = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (recording) stop.current?.focus();
    else if (!document.activeElement || document.activeElement === document.body) cancel.current?.focus();
  }, [recording]);

  const cancelled = useRef(onCancel);
  useEffect(() => {
    cancelled.current = onCancel;
  });
  useEffect(() => {
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      cancelled.current();
    };
    document.addEventListener("keydown", escape);
    return () => document.removeEventListener("keydown", escape);
  }, []);

  const elapsed = clock(elapsedMs);
  const limit = maxSeconds > 0 ? clock(maxSeconds * 1000) : null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="recording-bar" role="group" aria-label={t("tutor.voice.bar")}>
      <span className="visually-hidden" role="status">
        {recording ? t("tutor.voice.recordingStatus") : t("tutor.voice.transcribingStatus")}
      </span>
      {recording ? (
        <>
          <span className="recording-dot" aria-hidden="true" title={t("tutor.voice.recording")} />
          <span
            className="recording-time"
            role="timer"
            aria-label={limit ? t("tutor.voice.timeLabel", { elapsed, limit }) : elapsed}
          >
            {limit ? t("tutor.voice.time", { elapsed, limit }) : elapsed}
          </span>
          <span
            className="level-meter"
            role="meter"
            aria-label={t("tutor.voice.level")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
          >
            <span className="level-fill" style={{ transform: `scaleX(${level})` }} />
          </span>
          <button type="button" ref={stop} className="primary" onClick={onStop}>
            {t("tutor.voice.stop")}
          </button>
        </>
      ) : (
        <>
          <span className="transcribing-text" aria-hidden="true">
            {t("tutor.voice.transcribing", { percent })}
          </span>
          <progress max={100} value={percent} aria-label={t("tutor.voice.transcribingStatus")} />
        </>
      )}
      <button type="button" ref={cancel} onClick={onCancel}>
        {t("tutor.voice.cancel")}
      </button>
    </div>
  );
}
