// Test-only: a scripted profiles backend with PINs for Vitest — the backend's rules as the
// window sees them (a PIN is 4 to 12 digits; a profile with one opens only with it; the
// third wrong try in a row must wait; changing or removing a PIN needs the current one;
// a class profile is created only with a PIN and keeps it).

type Args = Record<string, unknown>;

/** One profile as the mock keeps it. */
export type MockProfile = { id: number; name: string; pin: string | null; kind?: "student" | "class" };

const WAIT_SECONDS = 30;
const FREE_TRIES = 2;

/** The handlers, and the mock's state for assertions. `locked` starts the app locked
 * on the active profile (it must have a PIN). */
export function createProfilesMock(profiles: MockProfile[], activeId: number, locked = false) {
  const state = { profiles, activeId, locked, failures: 0 };
  const view = (p: MockProfile) => ({
    id: p.id,
    name: p.name,
    active: p.id === state.activeId,
    hasPin: p.pin !== null,
    locked: p.id === state.activeId && state.locked,
    kind: p.kind ?? "student",
  });
  const active = () => state.profiles.find((p) => p.id === state.activeId)!;
  const refuse = (code: string, message: string) => {
    throw { code, message };
  };
  const check = (profile: MockProfile, pin: unknown) => {
    if (profile.pin === null) return;
    if (pin === null || pin === undefined) refuse("profile_locked", "this profile is locked: enter its PIN");
    if (!/^\d{4,12}$/.test(String(pin))) refuse("profile_pin_invalid", "a PIN is 4 to 12 digits");
    if (state.failures >= FREE_TRIES) refuse("profile_pin_throttled", `too many wrong PINs: try again in ${WAIT_SECONDS} s`);
    if (pin !== profile.pin) {
      state.failures += 1;
      refuse("profile_pin_wrong", "wrong PIN");
    }
    state.failures = 0;
  };
  const handlers: Record<string, (args: Args) => unknown> = {
    list_profiles: () => state.profiles.map(view),
    create_profile: (args) => {
      const kind = args.kind === "class" ? "class" : "student";
      const pin = args.pin == null ? null : String(args.pin);
      if (kind === "class" && pin === null) refuse("class_profile_pin_required", "a class profile needs a PIN");
      if (pin !== null && !/^\d{4,12}$/.test(pin)) refuse("profile_pin_invalid", "a PIN is 4 to 12 digits");
      const profile: MockProfile = { id: state.profiles.length + 1, name: String(args.name), pin, kind };
      state.profiles.push(profile);
      return view(profile);
    },
    switch_profile: (args) => {
      const target = state.profiles.find((p) => p.id === args.id);
      if (!target) return refuse("profile_not_found", "no such profile");
      check(target, args.pin);
      state.activeId = target.id;
      state.locked = false;
      return view(target);
    },
    profile_set_pin: (args) => {
      if (!/^\d{4,12}$/.test(String(args.newPin))) refuse("profile_pin_invalid", "a PIN is 4 to 12 digits");
      check(active(), args.currentPin);
      active().pin = String(args.newPin);
      return view(active());
    },
    profile_remove_pin: (args) => {
      if (active().kind === "class") refuse("class_profile_pin_required", "a class profile keeps its PIN");
      check(active(), args.currentPin);
      active().pin = null;
      return view(active());
    },
    profile_lock: () => {
      if (active().pin === null) refuse("profile_pin_required", "set a PIN first");
      state.locked = true;
      return view(active());
    },
  };
  return { handlers, state };
}
