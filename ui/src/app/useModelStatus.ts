import { useEffect, useState } from "react";
import { commands, events, type ModelStatus } from "../bindings";

/** The model's status: asked once, then kept current by `ModelStatusChanged` events. */
export function useModelStatus(): ModelStatus | null {
  const [status, setStatus] = useState<ModelStatus | null>(null);
  useEffect(() => {
    let live = true;
    let unlisten: (() => void) | undefined;
    events.modelStatusChanged
      .listen((event) => {
        if (live) setStatus(event.payload);
      })
      .then((stop) => {
        if (live) unlisten = stop;
        else stop();
      })
      .catch(() => undefined);
    commands
      .modelStatus()
      .then((current) => {
        if (live) setStatus((seen) => seen ?? current);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      unlisten?.();
    };
  }, []);
  return status;
}
