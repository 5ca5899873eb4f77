// Egress analysis (pure: text in, verdicts out). Reads the output of
//   strace -f -Y --seccomp-bpf -qq -e trace=connect,sendto,sendmsg,sendmmsg
// and judges every socket address a process or thread connected or sent to.
// Local: AF_UNIX, AF_NETLINK, AF_UNSPEC (a UDP socket's disconnect) and loopback
// AF_INET/AF_INET6 (127.0.0.0/8, ::1, ::ffff:127.x). Anything else is an attempt to reach
// the network, and so is any port 53: a DNS query, even to a loopback resolver
// (127.0.0.53), is a name lookup leaving the machine.

/** `pid<thread> body`; `-Y` adds `<thread>` (the comm, 15 characters at most). */
const LINE = /^(\d+)(?:<([^>]*)>)?\s+(.*)$/;
const UNFINISHED = /\s*<unfinished \.\.\.>$/;
const RESUMED = /^<\.\.\. (\w+) resumed>(.*)$/;
const CALL = /^(connect|sendto|sendmsg|sendmmsg)\((.*)\)\s+=\s+(.*)$/;
/** A socket address as strace prints it; none of its fields holds a brace. */
const SOCKADDR = /\{sa_family=([^,}]+)([^}]*)\}/g;

/** Whether `host` (as strace prints it) is a loopback address. */
export function isLoopback(host) {
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1" || /^::ffff:127\.\d+\.\d+\.\d+$/i.test(host);
}

/** The fields of one printed socket address: family, host, port, or a Unix path. */
function sockaddr(family, fields) {
  const port = fields.match(/sin6?_port=htons\((\d+)\)/)?.[1];
  const host = fields.match(/inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6,\s*"([^"]+)"/);
  const path = fields.match(/sun_path=(@?"(?:[^"\\]|\\.)*")/)?.[1];
  return { family, host: host?.[1] ?? host?.[2], port: port === undefined ? undefined : Number(port), path };
}

/** Why `addr` is not local, or null when it is. */
export function judge(addr) {
  switch (addr.family) {
    case "AF_UNIX":
    case "AF_NETLINK":
    case "AF_UNSPEC":
      return null;
    case "AF_INET":
    case "AF_INET6":
      if (addr.host === undefined || addr.port === undefined) return "address not decoded";
      if (addr.port === 53) return "DNS, port 53";
      return isLoopback(addr.host) ? null : "not loopback";
    default:
      return `socket family ${addr.family} is not local`;
  }
}

/** How a destination reads in the report: `10.0.0.2:53`, `[::1]:443`, a Unix path. */
export function destination(addr) {
  if (!addr) return "(connected socket, no address given)";
  if (addr.family === "AF_INET") return `${addr.host}:${addr.port}`;
  if (addr.family === "AF_INET6") return `[${addr.host}]:${addr.port}`;
  if (addr.family === "AF_UNIX") return `unix ${addr.path ?? "(unnamed)"}`;
  return addr.family;
}

/** Every call in one trace, each with its address (or none) and verdict; a call that
 * strace split into `<unfinished ...>` and `<... resumed>` is joined first. */
export function parseTrace(text) {
  const events = [];
  const pending = new Map(); // pid → the call's text before <unfinished ...>
  for (const raw of text.split("\n")) {
    const line = LINE.exec(raw.trimEnd());
    if (!line) continue;
    const [, pid, thread = "", rest] = line;
    let body = rest;
    if (UNFINISHED.test(body)) {
      pending.set(pid, body.replace(UNFINISHED, ""));
      continue;
    }
    const resumed = RESUMED.exec(body);
    if (resumed) {
      body = pending.has(pid) ? pending.get(pid) + resumed[2] : `${resumed[1]}(${resumed[2]}`;
      pending.delete(pid);
    }
    const call = CALL.exec(body);
    if (!call) continue; // signals (--- SIG...), exits (+++), other calls
    const addrs = [...call[2].matchAll(SOCKADDR)].map((m) => sockaddr(m[1], m[2]));
    for (const addr of addrs.length ? addrs : [null]) {
      events.push({ pid: Number(pid), thread, call: call[1], addr, result: call[3], problem: addr && judge(addr), line: raw });
    }
  }
  return events;
}

/** One attempt in words: process id, thread, call, destination, why, result. */
export function describe(event) {
  const why = event.problem ? ` (${event.problem})` : "";
  return `pid ${event.pid} thread ${event.thread || "?"}: ${event.call} to ${destination(event.addr)}${why} = ${event.result}`;
}

/** Judges traces `[{ label, text }]`: every event, labelled, and the attempts to reach out. */
export function analyze(traces) {
  const events = traces.flatMap(({ label, text }) => parseTrace(text).map((e) => ({ ...e, label })));
  return { traces, events, blocked: events.filter((e) => e.problem) };
}

/** A human-readable report: the verdict, each attempt to reach out, then per trace what
 * was seen, grouped by call and destination with the threads (and pids) that made them. */
export function report({ traces, events, blocked }) {
  const out = [
    "Egress watch: every connect/sendto/sendmsg/sendmmsg of every process and thread (strace -f -Y).",
    `Result: ${blocked.length ? "FAIL" : "PASS"}: ${blocked.length} attempt(s) to reach the network in ${events.length} call(s), ${traces.length} trace(s).`,
    ...blocked.map((e) => `  BLOCKED [${e.label}] ${describe(e)}`),
  ];
  for (const { label, source, note } of traces) {
    const own = events.filter((e) => e.label === label);
    const about = [source, note].filter(Boolean).join("; ");
    out.push("", `== ${label}${about ? ` (${about})` : ""}: ${own.length} call(s)`);
    const groups = new Map();
    for (const e of own) {
      const key = `${(e.problem ? "BLOCKED" : "local").padEnd(7)}  ${e.call.padEnd(8)} ${destination(e.addr)}`;
      const group = groups.get(key) ?? { count: 0, threads: new Map() };
      group.count += 1;
      const pids = group.threads.get(e.thread) ?? new Set();
      group.threads.set(e.thread, pids.add(e.pid));
      groups.set(key, group);
    }
    for (const [key, { count, threads }] of [...groups].sort((a, b) => b[1].count - a[1].count)) {
      const by = [...threads].map(([thread, pids]) => `${thread || "?"}(${[...pids].join(",")})`);
      out.push(`  ${key}  x${count}  by ${by.slice(0, 8).join(" ")}${by.length > 8 ? ` +${by.length - 8} more` : ""}`);
    }
  }
  return `${out.join("\n")}\n`;
}
