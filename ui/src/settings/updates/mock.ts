// Test-only: a scripted update location for Vitest and the headless-Chromium suite.
// Lantern 0.1.0 with key `school-2026`; the build's location is a USB stick. What a check
// finds depends on the location's name: "forged" offers a package signed with another key,
// "current" offers 0.1.0 again, "missing" cannot be read, anything else offers a verified
// 0.2.0. A location must be a folder or an http(s) address on the local network. Never part
// of a real build.
import type { IpcError, UpdateCheckView_Serialize, UpdateOfferView_Serialize, UpdatesStatus_Serialize } from "../../bindings";

type Args = Record<string, unknown>;

/** The key every update of this build must be signed with. */
export const MOCK_KEY_ID = "school-2026";
/** The version running. */
export const MOCK_VERSION = "0.1.0";
/** The location the build came with. */
export const MOCK_BUILD_LOCATION = "/media/usb/lantern-repo";

/** The verified 0.2.0 package any ordinary location offers. */
function offer(location: string): UpdateOfferView_Serialize {
  return {
    version: "0.2.0",
    currentVersion: MOCK_VERSION,
    notes: "Models load twice as fast.\nThe tutor explains each step of a drill.",
    published: "2026-12-01T09:00:00Z",
    location,
    fileName: "lantern_0.2.0_amd64.deb",
    sizeMb: 84.27,
    sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    keyId: MOCK_KEY_ID,
  };
}

/** Throws the coded error unless `location` is a folder or a local-network http(s) address. */
function validate(location: string): void {
  if (location.startsWith("/")) return;
  const host = /^https?:\/\/([^/:]+)/.exec(location)?.[1];
  if (!host) throw { code: "update_location_invalid", message: `${location} is not a folder or an http address` } satisfies IpcError;
  const local = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host) || /\.(local|lan)$/.test(host);
  if (!local) throw { code: "update_location_not_local", message: `${host} is not on the local network` } satisfies IpcError;
}

/** A scripted update backend. `keyId: null`: a build without a key; `installable: false`: a
 * copy not installed from a package (a development build). */
export function createUpdatesMock(options: { keyId?: string | null; installable?: boolean; location?: string } = {}) {
  const keyId = options.keyId === undefined ? MOCK_KEY_ID : options.keyId;
  let location = options.location ?? MOCK_BUILD_LOCATION;
  let checked: UpdateOfferView_Serialize | null = null;

  const status = (): UpdatesStatus_Serialize => ({
    currentVersion: MOCK_VERSION,
    keyId,
    keyError: keyId ? null : { code: "update_key_missing", message: "built without LANTERN_UPDATE_KEY" },
    location,
    buildLocation: MOCK_BUILD_LOCATION,
    installError:
      options.installable === false
        ? { code: "update_install_unavailable", message: "running from target/debug, not from the package" }
        : null,
  });

  return {
    updates_status: () => status(),
    updates_set_location: (args: Args) => {
      const wanted = String(args.location ?? "").trim();
      if (wanted) validate(wanted);
      location = wanted || MOCK_BUILD_LOCATION;
      checked = null;
      return status();
    },
    updates_check: (): UpdateCheckView_Serialize => {
      checked = null;
      const { keyError } = status();
      if (keyError) throw keyError;
      if (location.includes("missing")) throw { code: "update_unreachable", message: `${location}: no such file or directory` } satisfies IpcError;
      if (location.includes("forged")) throw { code: "update_signature_invalid", message: "signed by key other-key" } satisfies IpcError;
      if (location.includes("current")) return { status: "upToDate", offered: MOCK_VERSION, current: MOCK_VERSION };
      checked = offer(location);
      return { status: "available", offer: checked };
    },
    updates_install: () => {
      const { installError } = status();
      if (installError) throw installError;
      if (!checked) throw { code: "update_install_failed", message: "no checked update" } satisfies IpcError;
      return null;
    },
  };
}
